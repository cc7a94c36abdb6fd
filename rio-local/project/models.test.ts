/**
 * The project's models: checked when the project loads, compiled when first used, and every one of
 * the shop's accepted by ajv's strict mode (the in-process runtimes of the tests compile only those
 * their calls use; this compiles them all).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_PROJECT_DIR } from './load'
import { createModelRegistry } from './models'

let dir: string
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'models-')) })
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const write = (name: string, schema: unknown) => {
  const file = join(dir, `${name}.json`)
  mkdirSync(join(file, '..'), { recursive: true })
  writeFileSync(file, JSON.stringify(schema))
}

test('every model of the shop compiles under ajv\'s strict mode', () => {
  const models = createModelRegistry(join(DEFAULT_PROJECT_DIR, 'models'))
  expect(() => models.compileAll()).not.toThrow()
  expect(models.has('ChangePriceInput')).toBe(true)
})

test('a model may refer to another by its $id, whichever is used first', () => {
  write('Order', { $id: 'Order', type: 'object', required: ['line'], properties: { line: { $ref: 'Line' } } })
  write('Line', { $id: 'Line', type: 'object', required: ['sku'], properties: { sku: { type: 'string' } } })
  const models = createModelRegistry(dir)
  expect(models.issues('Order', { line: { sku: 'beans' } })).toEqual([])
  expect(models.issues('Order', { line: {} }).map((i) => i.instancePath)).toEqual(['/line'])
  expect(models.issues('Line', { sku: 'beans' })).toEqual([])
})

test('what the project load refuses, naming the model: not JSON Schema, an unknown $schema, an $id used twice, an array', () => {
  write('Typo', { type: 'objekt' })
  expect(() => createModelRegistry(dir)).toThrow(/^Model Typo is not a schema ajv accepts: schema is invalid: data\/type/)
  rmSync(join(dir, 'Typo.json'))
  write('Later', { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' })
  expect(() => createModelRegistry(dir)).toThrow(/^Model Later is not a schema ajv accepts: no schema with key or ref "https:\/\/json-schema.org\/draft\/2020-12\/schema"/)
  rmSync(join(dir, 'Later.json'))
  write('A', { $id: 'same', type: 'object' })
  write('B', { $id: 'same', type: 'string' })
  expect(() => createModelRegistry(dir)).toThrow(/^Model B is not a schema ajv accepts: schema with key or id "same" already exists/)
  rmSync(join(dir, 'B.json'))
  write('List', [{ type: 'object' }])
  expect(() => createModelRegistry(dir)).toThrow('Model List is not a schema ajv accepts: a schema is an object or a boolean, not an array')
})

test('a keyword only strict mode refuses loads, and fails when the model is first used or all are compiled, naming it', () => {
  write('Group/Loose', { type: 'object', requried: ['name'] })
  write('Fine', { type: 'string' })
  const models = createModelRegistry(dir)
  expect(models.has('Group:Loose')).toBe(true)
  expect(models.issues('Fine', 'x')).toEqual([])
  expect(() => models.issues('Group:Loose', {})).toThrow('Model Group:Loose is not a schema ajv accepts: strict mode: unknown keyword: "requried"')
  expect(() => models.compileAll()).toThrow('Model Group:Loose is not a schema ajv accepts')
  expect(() => models.validate('Missing', {})).toThrow('There is no model "Missing"')
})
