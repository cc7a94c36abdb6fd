/** The emulator's lines the stack leaves out of the terminal (scripts/lib/firestore.ts), and those it keeps. */
import { isEmulatorNoise } from './firestore'

test('the export advice and a closed tab\'s channel exceptions are left out; what matters is kept', () => {
  for (const noise of [
    'If you are using a library that supports the FIRESTORE_EMULATOR_HOST environment variable, run:',
    '   export FIRESTORE_EMULATOR_HOST=127.0.0.1:8080',
    'If you are running a Firestore in Datastore Mode project, run:',
    '   export DATASTORE_EMULATOR_HOST=127.0.0.1:8080',
    'Note: Support for Datastore Mode is in preview. If you encounter any bugs please file at https://github.com/firebase/firebase-tools/issues.',
    'Nov 28, 2026 8:01:44 PM io.gapi.emulators.netty.HttpVersionRoutingHandler channelRead',
    'INFO: Detected non-HTTP/2 connection.',
    'Nov 28, 2026 7:45:01 PM io.grpc.netty.NettyServerTransport notifyTerminated',
    'INFO: Transport failed java.io.IOException: Connection reset by peer',
    '\tat io.netty.channel.unix.Errors.newIOException(Errors.java:117)',
    '\t... 12 more',
    'Caused by: java.nio.channels.ClosedChannelException',
  ]) expect([noise, isEmulatorNoise(noise)]).toEqual([noise, true])
  for (const kept of ['API endpoint: http://127.0.0.1:8080', 'Dev App Server is now running.', 'INFO: Started WebSocket server on ws://127.0.0.1:34877', 'Exception: port 8080 is in use']) {
    expect([kept, isEmulatorNoise(kept)]).toEqual([kept, false])
  }
})
