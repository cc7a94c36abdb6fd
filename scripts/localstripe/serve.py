"""Runs localstripe on one loopback address, with its store in memory only.

localstripe's own entry point binds every interface and saves its whole store to one shared file in
/tmp after every write (two runs at once would share it, and a write costs the whole store). This
starts its aiohttp app instead on the given host and port, from scratch, and keeps the store in
memory: each run of the local stack or the tests has a Stripe of its own.

It also adds what localstripe lacks and the tests need, as Stripe's test mode offers it: disputes.
`POST /_config/disputes {charge, reason?}` opens one on a charge (as the test card 4000 0000 0000 0259
does on Stripe), `POST /_config/disputes/{id} {status}` moves it (`won`, `lost`…), and
`GET /v1/disputes/{id}` reads it as Stripe's API does.

And a mark on its store for the charging benchmark: `POST /_config/store-mark` remembers which objects
the store holds, and `DELETE /_config/store-mark` removes every object added since. localstripe's cost
per request grows with its store (each export of a Charge scans every stored object for its refunds),
so the benchmark measures localstripe's own ceiling and then takes that load's objects away again:
the charges it times meet the very store the ceiling did.

Usage: python serve.py --host 127.0.0.1 --port 8420
"""
import argparse
import ipaddress
import logging
import sys

from aiohttp import web
from localstripe import resources
from localstripe.errors import UserError
from localstripe.server import api_retrieve, app, get_post_data, json_response


class Dispute(resources.StripeObject):
    """A charge's dispute, as Stripe's API shows one (the fields the class code reads)."""
    object = 'dispute'
    _id_prefix = 'dp_'

    def __init__(self, charge=None, reason='fraudulent', **kwargs):
        if kwargs or not isinstance(charge, str):
            raise UserError(400, 'Bad request')
        disputed = resources.Charge._api_retrieve(charge)
        super().__init__()
        self.charge = disputed.id
        self.payment_intent = disputed.payment_intent
        self.amount = disputed.amount
        self.currency = disputed.currency
        self.reason = reason
        self.status = 'needs_response'
        self.metadata = {}


DISPUTE_STATUSES = ('warning_needs_response', 'warning_under_review', 'warning_closed', 'needs_response', 'under_review', 'won', 'lost')


async def open_dispute(request):
    data = await get_post_data(request) or {}
    return json_response(Dispute(**data)._export())


async def move_dispute(request):
    dispute = Dispute._api_retrieve(request.match_info['id'])
    data = await get_post_data(request) or {}
    if data.get('status') not in DISPUTE_STATUSES:
        raise UserError(400, 'Bad request')
    dispute.status = data['status']
    return json_response(dispute._export())


_store_mark = None


async def mark_store(_request):
    global _store_mark
    _store_mark = set(resources.store.keys())
    return json_response({'objects': len(_store_mark)})


async def roll_back_to_mark(_request):
    global _store_mark
    if _store_mark is None:
        raise UserError(409, 'There is no store mark: POST /_config/store-mark first')
    added = [key for key in resources.store.keys() if key not in _store_mark]
    for key in added:
        del resources.store[key]
    _store_mark = None
    return json_response({'removed': len(added), 'objects': len(resources.store)})


app.router.add_post('/_config/store-mark', mark_store)
app.router.add_delete('/_config/store-mark', roll_back_to_mark)
app.router.add_post('/_config/disputes', open_dispute)
app.router.add_post('/_config/disputes/{id}', move_dispute)
app.router.add_get('/v1/disputes/{id}', api_retrieve(Dispute, '/v1/disputes/{id}'))


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
