/** Ports found one way: a free port is free, a taken one is refused with the variable to change. */
import net from 'node:net'
import { assertPortsFree, findFreePort, isPortFree, PortInUseError } from './ports'

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

test('a free port is free until something listens there, and then the check names the part and its variable', async () => {
  const port = await findFreePort()
  expect(port).toBeGreaterThan(0)
  expect(await isPortFree(port)).toBe(true)
  const server = await listen(port)
  try {
    expect(await isPortFree(port)).toBe(false)
    const check = assertPortsFree([{ port, what: 'local backend', envVar: 'RIO_LOCAL_PORT' }])
    await expect(check).rejects.toBeInstanceOf(PortInUseError)
    await expect(check).rejects.toThrow(`Port ${port} (local backend) is already in use.`)
    await expect(check).rejects.toThrow('choose another port with RIO_LOCAL_PORT.')
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
  await expect(assertPortsFree([{ port, what: 'local backend', envVar: 'RIO_LOCAL_PORT' }])).resolves.toBeUndefined()
})

test('the first taken port in the list is the one reported', async () => {
  const [free, taken] = [await findFreePort(), await findFreePort()]
  const server = await listen(taken)
  try {
    await expect(assertPortsFree([
      { port: free, what: 'web app', envVar: 'PORT' },
      { port: taken, what: 'localstripe', envVar: 'LOCALSTRIPE_PORT' },
    ])).rejects.toMatchObject({ port: taken, envVar: 'LOCALSTRIPE_PORT' })
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
})

test('every taken port is named at once, each with the variable that moves it', async () => {
  const [first, free, second] = [await findFreePort(), await findFreePort(), await findFreePort()]
  const servers = [await listen(first), await listen(second)]
  try {
    const check = assertPortsFree([
      { port: first, what: 'Firestore emulator', envVar: 'FIRESTORE_EMULATOR_HOST' },
      { port: free, what: 'web app', envVar: 'PORT' },
      { port: second, what: 'local backend', envVar: 'RIO_LOCAL_PORT' },
    ])
    await expect(check).rejects.toBeInstanceOf(PortInUseError)
    await expect(check).rejects.toThrow(`2 ports the local stack needs are already in use:\n  - ${first} (Firestore emulator): stop whatever listens there or choose another port with FIRESTORE_EMULATOR_HOST\n  - ${second} (local backend):`)
    await expect(check).rejects.not.toThrow(`${free} (web app)`)
  } finally {
    for (const server of servers) await new Promise((resolve) => server.close(resolve))
  }
})

test('no free port on a host this machine does not have is an error naming the host', async () => {
  // 192.0.2.0/24 is reserved for documentation: never an address of this machine.
  await expect(findFreePort('192.0.2.1')).rejects.toThrow('Could not pick a free port on 192.0.2.1')
})

test('free ports handed out in a row are all different (a stack takes several before anything listens)', async () => {
  // The kernel's own picks repeat within a few hundred (measured: 252 repeats in 2,000 picks, one 3 picks apart).
  const ports: number[] = []
  for (let i = 0; i < 300; i++) ports.push(await findFreePort())
  expect(new Set(ports).size).toBe(ports.length)
})
