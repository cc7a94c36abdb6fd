/**
 * Retter's own CLI accepts our project: `rio generate` (what `rio deploy` runs first, offline)
 * reads rio.json, every template.yml and the models, and writes each class's rio.ts.
 */
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { DEFAULT_PROJECT_DIR } from '../project/load'

const RIO = resolve(__dirname, '..', '..', 'node_modules', '.bin', 'rio')

test('rio generate accepts retter/ and generates a client for every class and method', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rio-generate-'))
  try {
    cpSync(DEFAULT_PROJECT_DIR, join(dir, 'project'), { recursive: true, filter: (src) => !src.endsWith('rio.ts') })
    // HOME: rio-cli keeps its profiles in ~/.rio-cli; generate needs none, and must not touch the user's.
    await promisify(execFile)(RIO, ['generate'], { cwd: join(dir, 'project'), env: { ...process.env, HOME: dir }, timeout: 60_000 })
    for (const [classId, methods] of Object.entries({ Account: ['sendOtp', 'verifyOtp', 'getSubscriptionPlans', 'selectPlan', 'recordShipment'], AWS: ['describe'], Roastery: ['syncDelivery', 'markShipped', 'markAllShipped'] })) {
      const generated = join(dir, 'project', 'classes', classId, 'rio.ts')
      expect(existsSync(generated)).toBe(true)
      const text = readFileSync(generated, 'utf8')
      expect(text).toContain('auto generated')
      for (const method of methods) expect(text).toContain(method)
    }
    expect(readFileSync(join(dir, 'project', 'classes', 'Account', 'rio.ts'), 'utf8')).toMatch(/interface VerifyOtpInput/)
    expect(readFileSync(join(dir, 'project', 'classes', 'Roastery', 'rio.ts'), 'utf8')).toMatch(/interface RoasterySyncDeliveryInput/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 90_000)
