"""Runs localstripe on one loopback address, with its store in memory only.

localstripe's own entry point binds every interface and saves its whole store to one shared file in
/tmp after every write (two runs at once would share it, and a write costs the whole store). This
starts its aiohttp app instead on the given host and port, from scratch, and keeps the store in
memory: each run of the local stack or the tests has a Stripe of its own.

Usage: python serve.py --host 127.0.0.1 --port 8420
"""
import argparse
import ipaddress
import logging
import sys

from aiohttp import web
from localstripe import resources
from localstripe.server import app


def loopback(host):
    if host == 'localhost':
        return host
    try:
        if ipaddress.ip_address(host).is_loopback:
            return host
    except ValueError:
        pass
    raise SystemExit('localstripe must listen on a loopback address (127.0.0.1, ::1 or localhost), got ' + repr(host))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--host', default='127.0.0.1')
    parser.add_argument('--port', type=int, required=True)
    parser.add_argument('--verbose', action='store_true')
    args = parser.parse_args()
    host = loopback(args.host)

    # In memory only: nothing read from or written to the shared file.
    resources.Store.dump_to_disk = lambda self: None
    resources.store.clear()

    if args.verbose:
        logging.getLogger('aiohttp.access').setLevel(logging.INFO)
        logging.getLogger('aiohttp.access').addHandler(logging.StreamHandler(sys.stdout))

    def ready(_app):
        print('localstripe listening on http://%s:%d' % (host, args.port), flush=True)

    app.on_startup.append(_on_startup(ready))
    web.run_app(app, host=host, port=args.port, print=None, access_log=None if not args.verbose else logging.getLogger('aiohttp.access'))


def _on_startup(callback):
    async def handler(application):
        callback(application)
    return handler


if __name__ == '__main__':
    main()
