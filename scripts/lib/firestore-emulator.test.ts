/**
 * Finding and running the Cloud Firestore emulator: what a developer without Java or the emulator
 * is told, which jar wins, and that a started emulator answers and is gone after stop().
 */
import { spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { emulatorAnswers, findFirestoreEmulator, startFirestoreEmulator, type FirestoreEmulatorCommand } from './firestore-emulator'
import { emulatorHost } from '../../rio-local/firestore/test-support'

// Starting a JVM on a shared, busy machine can take several seconds.
jest.setTimeout(60_000)

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'h2-emulator-'))
})
afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

/** A directory with an executable called `java`, to stand in for a Java install on PATH. */
function fakeJavaDir(): string {
  const bin = join(root, 'bin')
  mkdirSync(bin, { recursive: true })
  writeFileSync(join(bin, 'java'), '#!/bin/sh\nexit 0\n')
  chmodSync(join(bin, 'java'), 0o755)
  return bin
}

function touch(file: string): string {
  mkdirSync(join(file, '..'), { recursive: true })
  writeFileSync(file, '')
  return file
}

describe('findFirestoreEmulator', () => {
  it('tells how to install Java when there is none', () => {
    const jar = touch(join(root, 'emulator.jar'))
    const found = findFirestoreEmulator({ env: { PATH: join(root, 'empty'), FIRESTORE_EMULATOR_JAR: jar }, home: root, sdkRoots: [] })
    expect(found).toBeInstanceOf(Error)
    expect((found as Error).message).toContain('apt-get install -y openjdk-17-jre-headless')
  })

  it('tells how to install the emulator when no jar is anywhere', () => {
    const found = findFirestoreEmulator({ env: { PATH: fakeJavaDir() }, home: root, sdkRoots: [join(root, 'no-sdk')] })
    expect(found).toBeInstanceOf(Error)
    const message = (found as Error).message
    expect(message).toContain('gcloud components install cloud-firestore-emulator')
    expect(message).toContain('google-cloud-cli-firestore-emulator')
    expect(message).toContain(join(root, 'no-sdk', 'platform/cloud-firestore-emulator/cloud-firestore-emulator.jar'))
  })

  it('refuses a FIRESTORE_EMULATOR_JAR that does not exist instead of silently using another emulator', () => {
    const sdk = join(root, 'sdk')
    touch(join(sdk, 'platform/cloud-firestore-emulator/cloud-firestore-emulator.jar'))
    const found = findFirestoreEmulator({
      env: { PATH: fakeJavaDir(), FIRESTORE_EMULATOR_JAR: join(root, 'missing.jar') },
      home: root,
      sdkRoots: [sdk],
    })
    expect((found as Error).message).toMatch(/FIRESTORE_EMULATOR_JAR is set to .*missing\.jar, which does not exist/)
  })

  it('prefers FIRESTORE_EMULATOR_JAR, then the gcloud SDK, then the newest firebase-tools jar', () => {
    const java = fakeJavaDir()
    const sdk = join(root, 'sdk')
    const gcloudJar = touch(join(sdk, 'platform/cloud-firestore-emulator/cloud-firestore-emulator.jar'))
    const cache = join(root, '.cache/firebase/emulators')
    touch(join(cache, 'cloud-firestore-emulator-v1.19.9.jar'))
    const newest = touch(join(cache, 'cloud-firestore-emulator-v1.19.10.jar'))
    const explicit = touch(join(root, 'mine.jar'))

    const pick = (env: NodeJS.ProcessEnv, sdkRoots: string[]) =>
      findFirestoreEmulator({ env: { PATH: java, ...env }, home: root, sdkRoots }) as FirestoreEmulatorCommand
    expect(pick({ FIRESTORE_EMULATOR_JAR: explicit }, [sdk])).toMatchObject({ jar: explicit, source: 'FIRESTORE_EMULATOR_JAR' })
    expect(pick({}, [sdk])).toMatchObject({ jar: gcloudJar, source: 'gcloud', command: join(java, 'java') })
    expect(pick({}, [join(root, 'no-sdk')])).toMatchObject({ jar: newest, source: 'firebase-tools' })
  })

  it('runs the jar by main class, which works for jars without a Main-Class manifest (gcloud)', () => {
    const jar = touch(join(root, 'x.jar'))
    const found = findFirestoreEmulator({ env: { PATH: fakeJavaDir(), FIRESTORE_EMULATOR_JAR: jar }, home: root }) as FirestoreEmulatorCommand
    expect(found.args).toEqual(['-Duser.language=en', '-cp', jar, 'com.google.cloud.datastore.emulator.firestore.CloudFirestore'])
  })
})

describe('startFirestoreEmulator', () => {
  it('starts on a free port when asked for port 0, answers, and is gone after stop()', async () => {
    const emulator = await startFirestoreEmulator({ port: 0 })
    try {
      expect(emulator.port).toBeGreaterThan(0)
      expect(emulator.hostPort).toBe(`127.0.0.1:${emulator.port}`)
      expect(await emulatorAnswers(emulator.hostPort)).toBe(true)
    } finally {
      await emulator.stop()
    }
    expect(await emulatorAnswers(emulator.hostPort, 500)).toBe(false)
    expect(() => process.kill(emulator.pid, 0)).toThrow()
    await expect(emulator.stop()).resolves.toBeUndefined()
  })

  it('does not outlive the Node process that started it, even when that process is SIGKILLed', async () => {
    const code =
      `require(${JSON.stringify(join(__dirname, 'firestore-emulator.ts'))}).startFirestoreEmulator({ port: 0 })` +
      `.then((e) => { process.stdout.write(e.hostPort + '\\n'); setInterval(() => {}, 1000) })`
    const parent = spawn(process.execPath, ['--import', 'tsx', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] })
    const hostPort = await new Promise<string>((resolve, reject) => {
      let out = ''
      parent.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('\n')) resolve(out.trim())
      })
      parent.once('exit', (status) => reject(new Error(`the parent exited (${status}) before starting the emulator`)))
    })
    expect(await emulatorAnswers(hostPort)).toBe(true)
    parent.kill('SIGKILL')
    const deadline = Date.now() + 15_000
    while ((await emulatorAnswers(hostPort, 500)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200))
    expect(await emulatorAnswers(hostPort, 500)).toBe(false)
  })

  it.each(['0.0.0.0', '::', '192.0.2.10'])('refuses to listen on %s: it trusts unsigned ID tokens, so it stays on loopback', async (host) => {
    const started = startFirestoreEmulator({ host, port: 0 })
    // Stopped should it have started anyway (the test then fails on the assertion).
    void started.then((emulator) => emulator.stop(), () => undefined)
    await expect(started).rejects.toThrow(`The Firestore emulator listens on loopback only (127.0.0.1, localhost or ::1), not "${host}"`)
  })

  it('refuses a port where something already answers', async () => {
    const [host, port] = emulatorHost().split(':')
    await expect(startFirestoreEmulator({ host, port: Number(port) })).rejects.toThrow(/already answers/)
  })

  it('reports the emulator output when it exits before answering', async () => {
    const notAJar = touch(join(root, 'broken.jar'))
    await expect(startFirestoreEmulator({ port: 0, env: { ...process.env, FIRESTORE_EMULATOR_JAR: notAJar } })).rejects.toThrow(
      /failed to start: it exited \(code \d+\) before answering\.\nLast emulator output:\n.*(main class|ClassNotFound)/,
    )
  })
})
