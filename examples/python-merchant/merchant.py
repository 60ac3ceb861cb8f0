"""A small PaySplit merchant in Python, standard library only (http.server, urllib, hmac, sqlite3).

It sells a group dinner two ways: the buyer splits the bill with people they name, or starts an open
group that anyone with its link joins (each takes places; the dinner is on once 4 places are taken,
and the more join, the less each place costs). It takes the shares through a payment processor
(PaySplit's test processor by default):

  POST /orders                   create an order and a PaySplit session; 303 the host to it
  POST /groups                   create an open group order; 303 to its page (the link to share)
  GET  /orders/<ref>/organiser   302 to the open group's organiser page (the hostToken stays out of pages)
  POST /paysplit/create-payment  PaySplit's signed partner call: create a checkout, answer {redirectUrl}
  POST /paysplit/refund          PaySplit's signed refund call: refund the charge once per refundId, answer {status, ...}
  POST /paysplit/cancel          PaySplit's signed cancel call: cancel a checkout that will not be used (expire it, or release its hold), answer {status, ...}
  POST /paysplit/capture         PaySplit's signed capture call (captureMethod manual): capture what it asks of a hold (maybe less), once per captureId
  GET  /paysplit/payment-success the processor's success redirect: confirm, record, 302 back to PaySplit
  POST /webhooks/paysplit        PaySplit's signed events, once per eventId: paid, expired, and an open group's progress
  GET  /                         the orders; GET /orders/<ref> an open group's page; GET /orders/<ref>.json one order as JSON

Configuration comes from the environment; see README.md. Run: python3 merchant.py
"""

import html
import json
import logging
import os
import signal
import sqlite3
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standard_webhooks import SignatureError, verify

log = logging.getLogger("merchant")

MAX_BODY_BYTES = 64 * 1024
TIMEOUT_SECONDS = 10


def required(name):
    value = os.environ.get(name, "").strip()
    if not value:
        sys.exit(f"{name} is required (see README.md)")
    return value


class Config:
    def __init__(self):
        self.port = int(os.environ.get("MERCHANT_PORT", "3002"))
        self.public_url = os.environ.get("MERCHANT_PUBLIC_URL", f"http://localhost:{self.port}").rstrip("/")
        self.paysplit_url = os.environ.get("PAYSPLIT_BASE_URL", "http://localhost:3000").rstrip("/")
        self.processor_url = os.environ.get("PROCESSOR_BASE_URL", "http://localhost:3001/processor").rstrip("/")
        self.api_key = required("PAYSPLIT_API_KEY")
        self.integration_id = required("PAYSPLIT_INTEGRATION_ID")
        self.partner_secret = required("PAYSPLIT_PARTNER_SIGNING_SECRET")
        self.webhook_secret = required("PAYSPLIT_WEBHOOK_SIGNING_SECRET")
        self.database = os.environ.get("MERCHANT_DATABASE", "merchant.sqlite3")


class Store:
    """Orders, the payments PaySplit asked for, and the events already handled (SQLite)."""

    def __init__(self, path):
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.lock = threading.Lock()
        self.db.executescript(
            """
            create table if not exists orders (
              order_ref text primary key, amount_minor text not null, currency text not null,
              session_id text, status text not null default 'awaiting_payment', paid_event_id text);
            create table if not exists payments (
              payment_id text primary key, order_ref text, session_id text not null, payer_role text not null,
              amount_minor text not null, currency text not null, checkout_id text);
            create table if not exists processed_events (event_id text primary key, type text not null);
            create table if not exists refunds (refund_id text primary key, payment_id text not null, answer text not null);
            create table if not exists captures (capture_id text primary key, payment_id text not null, answer text not null);
            """
        )
        # Open groups: the link to share, the organiser's way in, and the group's progress from its events.
        columns = {row[1] for row in self.db.execute("pragma table_info(orders)")}
        for column in ("kind text not null default 'split'", "session_url text", "join_url text", "places_sold integer",
                       "group_version integer", "tipped_at text", "full_at text", "final_price_per_place_minor text"):
            if column.split()[0] not in columns:
                self.db.execute(f"alter table orders add column {column}")

    def run(self, sql, params=()):
        with self.lock:
            return self.db.execute(sql, params).fetchall()

    def handle_event_once(self, event):
        """Records the event and acts on it, in one transaction: a completion marks its order paid, an
        expiry ends an unpaid one, an open group's events move its progress.

        Returns "duplicate" for an eventId seen before, else "paid", "expired", "group", "unknown_order" or "ignored".
        """
        event_id, event_type = event["eventId"], event.get("type", "")
        order = (event.get("orderReference"), event.get("sessionId"))
        with self.lock:
            self.db.execute("begin immediate")
            try:
                cursor = self.db.execute("insert or ignore into processed_events (event_id, type) values (?, ?)", (event_id, event_type))
                if cursor.rowcount == 0:
                    outcome = "duplicate"
                elif event_type == "SERVICE_SESSION_COMPLETED":
                    cursor = self.db.execute(
                        "update orders set status = 'paid', paid_event_id = ? where order_ref = ? and session_id = ? and status != 'paid'",
                        (event_id, *order),
                    )
                    outcome = "paid" if cursor.rowcount == 1 else "unknown_order"
                elif event_type == "SERVICE_SESSION_EXPIRED":
                    # Not paid by its deadline (an open group: short of its minimum). Holds are released, payments refunded.
                    self.db.execute("update orders set status = 'expired' where order_ref = ? and session_id = ? and status = 'awaiting_payment'", order)
                    outcome = "expired"
                elif event_type in ("SERVICE_GROUP_JOINED", "SERVICE_GROUP_TIPPED", "SERVICE_GROUP_FULL"):
                    # Deliveries may come out of order: counts from an older sessionVersion never undo a newer one's.
                    self.db.execute(
                        "update orders set places_sold = case when coalesce(group_version, -1) < ? then ? else places_sold end,"
                        " group_version = max(coalesce(group_version, -1), ?) where order_ref = ? and session_id = ? and kind = 'open_group'",
                        (event["sessionVersion"], event["placesSold"], event["sessionVersion"], *order),
                    )
                    if event_type == "SERVICE_GROUP_TIPPED":
                        self.db.execute("update orders set tipped_at = coalesce(tipped_at, ?) where order_ref = ? and session_id = ?", (event["createdAt"], *order))
                    if event_type == "SERVICE_GROUP_FULL":
                        self.db.execute(
                            "update orders set full_at = coalesce(full_at, ?), final_price_per_place_minor = ? where order_ref = ? and session_id = ?",
                            (event["createdAt"], event["finalPricePerPlaceMinor"], *order),
                        )
                    outcome = "group"
                else:
                    outcome = "ignored"
                self.db.execute("commit")
                return outcome
            except BaseException:
                self.db.execute("rollback")
                raise


def call_json(method, url, body=None, headers=None):
    """JSON over HTTP; returns (status, parsed body). Never follows redirects of API calls."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"accept": "application/json", **(headers or {})})
    if data is not None:
        request.add_header("content-type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, {"code": f"HTTP_{error.code}"}


class PaySplit:
    """The two PaySplit calls this merchant makes, with its API key (server to server only)."""

    def __init__(self, config):
        self.config = config

    def _headers(self, extra=None):
        return {"X-Service-API-Key": self.config.api_key, **(extra or {})}

    def create_session(self, order_ref, amount_minor, currency, open_group=None):
        return call_json(
            "POST",
            f"{self.config.paysplit_url}/api/v1/payments/sessions",
            {
                "integrationId": self.config.integration_id,
                "amountMinor": amount_minor,
                "currency": currency,
                "merchantOrderRef": order_ref,
                "successReturnUrl": f"{self.config.public_url}/",
                "cancelUrl": f"{self.config.public_url}/",
                # An open group: no payers named up front; anyone with the reply's joinUrl takes places.
                **({"openGroup": open_group} if open_group else {}),
            },
            # The same key for the same order: a retried request cannot create a second session.
            self._headers({"Idempotency-Key": f"order-{order_ref}"}),
        )

    def record_payment(self, payment_id, action, processor_reference, amount_minor, hold_expires_at=None):
        body = {"paymentId": payment_id, "action": action, "processorReference": processor_reference, "amountMinor": amount_minor}
        # Only a hold (captureMethod manual) carries when it lapses; other sessions refuse the field.
        if hold_expires_at:
            body["holdExpiresAt"] = hold_expires_at
        return call_json("POST", f"{self.config.paysplit_url}/api/v1/payments/record", body, self._headers())


class Merchant(BaseHTTPRequestHandler):
    config = None
    store = None
    paysplit = None
    server_version = "PythonMerchant/1.0"

    # ---- plumbing --------------------------------------------------------------------------

    def log_message(self, format, *args):
        # The default access log prints the query string, which may hold ids; keep the path only.
        log.debug("%s %s", self.command, urllib.parse.urlsplit(self.path).path)

    def read_body(self):
        length = int(self.headers.get("content-length") or 0)
        if length > MAX_BODY_BYTES:
            raise ValueError("body too large")
        return self.rfile.read(length)

    def send(self, status, body=b"", content_type="application/json", headers=None):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        elif isinstance(body, str):
            body = body.encode()
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("content-type", content_type)
        self.send_header("content-length", str(len(body)))
        self.send_header("cache-control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def page(self, status, title, body):
        self.send(status, f"<!doctype html><meta charset=utf-8><title>{html.escape(title)}</title>"
                          f"<body style='font-family:system-ui;max-width:40rem;margin:2rem auto'><h1>{html.escape(title)}</h1>{body}",
                  "text/html; charset=utf-8")

    def redirect(self, status, location):
        self.send(status, b"", "text/plain", {"location": location})

    # ---- routes --------------------------------------------------------------------------------

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/":
            return self.orders_page()
        if url.path.startswith("/orders/") and url.path.endswith(".json"):
            return self.order_json(url.path[len("/orders/"):-len(".json")])
        if url.path.startswith("/orders/") and url.path.endswith("/organiser"):
            return self.organiser_redirect(url.path[len("/orders/"):-len("/organiser")])
        if url.path.startswith("/orders/"):
            return self.group_page(url.path[len("/orders/"):])
        if url.path == "/paysplit/payment-success":
            return self.payment_success(urllib.parse.parse_qs(url.query).get("checkout_id", [""])[0])
        if url.path == "/healthz":
            return self.send(200, {"status": "ok"})
        self.page(404, "Not found", "<p>There is no page here.</p>")

    def do_POST(self):
        try:
            body = self.read_body()
        except ValueError:
            return self.send(413, {"error": "too_large"})
        path = urllib.parse.urlsplit(self.path).path
        if path == "/orders":
            return self.create_order()
        if path == "/groups":
            return self.create_group(urllib.parse.parse_qs(body.decode("utf-8", "replace")))
        if path == "/paysplit/create-payment":
            return self.partner_create_payment(body)
        if path == "/paysplit/refund":
            return self.partner_refund(body)
        if path == "/paysplit/cancel":
            return self.partner_cancel(body)
        if path == "/paysplit/capture":
            return self.partner_capture(body)
        if path == "/webhooks/paysplit":
            return self.webhook(body)
        self.send(404, {"error": "not_found"})

    def orders_page(self):
        rows = self.store.run("select order_ref, amount_minor, currency, status, kind from orders order by rowid desc")
        items = "".join(
            f"<li><a href='/orders/{html.escape(ref)}'>{html.escape(ref)}</a>: {html.escape(currency)} {html.escape(minor)} minor units,"
            f" <b>{html.escape(status.upper())}</b></li>" if kind == "open_group" else
            f"<li>{html.escape(ref)}: {html.escape(currency)} {html.escape(minor)} minor units, <b>{html.escape(status.upper())}</b></li>"
            for ref, minor, currency, status, kind in rows
        )
        self.page(200, "Dinner for 4 (NZ$480.00)",
                  "<form method=post action=/orders><button>Book and split the bill</button></form>"
                  "<h2>Or as an open group: NZ$480.00 shared by 4 to 8 people</h2>"
                  "<form method=post action=/groups><label>Your name <input name=organiserName required maxlength=80></label>"
                  " <label>Your email <input name=organiserEmail type=email required></label> <button>Start a group</button></form>"
                  f"<h2>Orders</h2><ul>{items or '<li>None yet</li>'}</ul>")

    def order_json(self, order_ref):
        rows = self.store.run("select order_ref, session_id, status, paid_event_id, kind, join_url, places_sold, tipped_at, full_at,"
                              " final_price_per_place_minor from orders where order_ref = ?", (order_ref,))
        if not rows:
            return self.send(404, {"error": "not_found"})
        ref, session_id, status, paid_event_id, kind, join_url, places_sold, tipped_at, full_at, final_price = rows[0]
        order = {"orderRef": ref, "sessionId": session_id, "status": status, "paidEventId": paid_event_id, "kind": kind}
        if kind == "open_group":
            order.update(joinUrl=join_url, placesSold=places_sold or 0, tippedAt=tipped_at, fullAt=full_at, finalPricePerPlaceMinor=final_price)
        self.send(200, order)

    def group_page(self, order_ref):
        rows = self.store.run("select status, join_url, places_sold from orders where order_ref = ? and kind = 'open_group'", (order_ref,))
        if not rows:
            return self.page(404, "Not found", "<p>There is no such group.</p>")
        status, join_url, places_sold = rows[0]
        # The join link is meant to be shared; the organiser's link goes through our redirect (it carries the hostToken).
        self.page(200, f"Group dinner {order_ref}",
                  f"<p><b>{html.escape(status.upper())}</b>: {places_sold or 0} of 8 places taken (4 needed).</p>"
                  f"<p>Share this link: <a href='{html.escape(join_url or '')}'>{html.escape(join_url or '')}</a></p>"
                  f"<p><a href='/orders/{html.escape(order_ref)}/organiser'>Open the organiser's page</a></p>")

    def organiser_redirect(self, order_ref):
        rows = self.store.run("select session_url from orders where order_ref = ? and kind = 'open_group'", (order_ref,))
        if not rows or not rows[0][0]:
            return self.page(404, "Not found", "<p>There is no such group.</p>")
        self.redirect(302, rows[0][0])

    def create_group(self, form):
        """An open group: PaySplit's link lets anyone join and take places; the dinner's NZ$480.00 is
        shared by every place sold (split_total), so each place costs less as more join."""
        name = (form.get("organiserName") or [""])[0].strip()
        email = (form.get("organiserEmail") or [""])[0].strip()
        if not name or len(name) > 80 or "@" not in email:
            return self.page(400, "Check the form", "<p>Enter your name (at most 80 characters) and your email.</p>")
        order_ref = f"py-group-{uuid.uuid4().hex[:12]}"
        amount_minor, currency = "48000", "NZD"
        self.store.run("insert into orders (order_ref, amount_minor, currency, kind, places_sold) values (?, ?, ?, 'open_group', 0)",
                       (order_ref, amount_minor, currency))
        status, reply = self.paysplit.create_session(order_ref, amount_minor, currency, {
            "minPlaces": 4, "maxPlaces": 8, "pricing": "split_total", "organiserName": name, "organiserEmail": email})
        if status != 200:
            log.error("PaySplit refused the open group: %s (request %s)", reply.get("code"), reply.get("requestId"))
            return self.page(502, "Groups are unavailable", "<p>Please try again in a moment.</p>")
        # sessionUrl opens the organiser's page (it carries the hostToken): stored for the redirect, never shown or logged.
        self.store.run("update orders set session_id = ?, session_url = ?, join_url = ? where order_ref = ?",
                       (reply["sessionId"], reply["sessionUrl"], reply["joinUrl"], order_ref))
        self.redirect(303, f"/orders/{order_ref}")

    def create_order(self):
        order_ref = f"py-{uuid.uuid4().hex[:12]}"
        amount_minor, currency = "48000", "NZD"
        self.store.run("insert into orders (order_ref, amount_minor, currency) values (?, ?, ?)", (order_ref, amount_minor, currency))
        status, reply = self.paysplit.create_session(order_ref, amount_minor, currency)
        if status != 200:
            log.error("PaySplit refused the session: %s (request %s)", reply.get("code"), reply.get("requestId"))
            return self.page(502, "Splitting is unavailable", "<p>Please try again in a moment.</p>")
        # sessionId and hostToken are secrets of this server: stored, never logged.
        self.store.run("update orders set session_id = ? where order_ref = ?", (reply["sessionId"], order_ref))
        self.redirect(303, reply["sessionUrl"])

    def partner_create_payment(self, body):
        try:
            payment_id = verify(body, self.headers, self.config.partner_secret)
            payment = json.loads(body)
        except SignatureError as error:
            log.warning("refused a partner call: %s", error.reason)
            return self.send(400, {"error": "invalid_signature"})
        except ValueError:
            return self.send(400, {"error": "invalid_body"})
        if payment.get("type") != "partner.payment.create" or payment.get("paymentId") != payment_id:
            return self.send(400, {"error": "invalid_body"})
        self.store.run(
            "insert or ignore into payments (payment_id, order_ref, session_id, payer_role, amount_minor, currency)"
            " values (?, ?, ?, ?, ?, ?)",
            (payment_id, payment["orderReference"], payment["sessionId"], payment["payerRole"], payment["amountMinor"], payment["currency"]),
        )
        status, checkout = call_json(
            "POST",
            f"{self.config.processor_url}/api/checkouts",
            {
                "paymentId": payment_id,
                "sessionId": payment["sessionId"],
                "payerRole": payment["payerRole"],
                "amountMinor": payment["amountMinor"],
                "currency": payment["currency"],
                "successUrl": f"{self.config.public_url}/paysplit/payment-success",
                "cancelUrl": payment["cancelReturnUrl"],
                # captureMethod manual: authorize only (a hold), captured when PaySplit asks.
                **({"captureMethod": "manual"} if payment.get("captureMethod") == "manual" else {}),
            },
            {"Idempotency-Key": payment_id},
        )
        if status != 200:
            log.error("the processor refused the checkout (HTTP %s)", status)
            return self.send(502, {"error": "processor_unavailable"})
        self.store.run("update payments set checkout_id = ? where payment_id = ?", (checkout["id"], payment_id))
        self.send(200, {"redirectUrl": checkout["url"]})

    def partner_refund(self, body):
        """Refunds a payment's charge at the processor. PaySplit may call again with the same refundId
        (it retries when it got no answer): the first answer is kept and repeated, and the processor
        call carries the refundId as its Idempotency-Key, so the card is refunded once."""
        try:
            refund_id = verify(body, self.headers, self.config.partner_secret)
            refund = json.loads(body)
        except SignatureError as error:
            log.warning("refused a refund call: %s", error.reason)
            return self.send(400, {"error": "invalid_signature"})
        except ValueError:
            return self.send(400, {"error": "invalid_body"})
        if refund.get("type") != "partner.refund.create" or refund.get("refundId") != refund_id:
            return self.send(400, {"error": "invalid_body"})
        answered = self.store.run("select answer from refunds where refund_id = ?", (refund_id,))
        if answered:
            return self.send(200, json.loads(answered[0][0]))
        # Only a charge this shop made for this very payment is refunded.
        rows = self.store.run("select checkout_id from payments where payment_id = ?", (refund.get("paymentId"),))
        checkout_id = rows[0][0] if rows else None
        if not checkout_id or checkout_id != refund.get("processorReference"):
            answer = {"status": "failed", "failureReason": "no charge of ours for this payment"}
        else:
            status, result = call_json(
                "POST",
                f"{self.config.processor_url}/api/checkouts/{urllib.parse.quote(checkout_id)}/refunds",
                {"amountMinor": refund["amountMinor"]},
                {"Idempotency-Key": f"paysplit-refund-{refund_id}"},
            )
            if status != 200:
                # No answer: PaySplit calls again later with the same refundId.
                log.error("the processor did not take the refund (HTTP %s)", status)
                return self.send(502, {"error": "processor_unavailable"})
            answer = {"status": result["status"], "processorRefundReference": result["id"]}
            if result.get("failureReason"):
                answer["failureReason"] = result["failureReason"]
        self.store.run(
            "insert or ignore into refunds (refund_id, payment_id, answer) values (?, ?, ?)",
            (refund_id, refund.get("paymentId"), json.dumps(answer)),
        )
        stored = self.store.run("select answer from refunds where refund_id = ?", (refund_id,))
        self.send(200, json.loads(stored[0][0]))

    def partner_cancel(self, body):
        """Cancels the checkout of a payment PaySplit will not use (the payer started again or left an
        open group, the share was paid another way, the session ended), so nobody can pay it any more:
        an open checkout expires, a hold is released. Cancelling is idempotent at the processor, so a
        repeated call (the same cancelId) gets the same answer. A checkout that was already paid cannot
        be cancelled: say so, and PaySplit's record of the payment decides."""
        try:
            cancel_id = verify(body, self.headers, self.config.partner_secret)
            cancel = json.loads(body)
        except SignatureError as error:
            log.warning("refused a cancel call: %s", error.reason)
            return self.send(400, {"error": "invalid_signature"})
        except ValueError:
            return self.send(400, {"error": "invalid_body"})
        if cancel.get("type") != "partner.payment.cancel" or cancel.get("cancelId") != cancel_id:
            return self.send(400, {"error": "invalid_body"})
        # The checkout this shop opened for the payment (processorReference is null until one is recorded).
        rows = self.store.run("select checkout_id from payments where payment_id = ?", (cancel.get("paymentId"),))
        checkout_id = rows[0][0] if rows else None
        if not checkout_id:
            return self.send(200, {"status": "succeeded"})
        # The processor's cancel expires an open checkout and releases a hold (captureMethod manual: a payer
        # who left an open group, or a reservation that lapsed), one call for both.
        status, _ = call_json(
            "POST",
            f"{self.config.processor_url}/api/checkouts/{urllib.parse.quote(checkout_id)}/cancel",
            None,
            {"Idempotency-Key": f"paysplit-cancel-{cancel_id}"},
        )
        if status == 409:
            return self.send(200, {"status": "failed", "processorReference": checkout_id, "failureReason": "the checkout was already paid"})
        if status != 200:
            # No answer: PaySplit calls again later with the same cancelId.
            log.error("the processor did not cancel the checkout (HTTP %s)", status)
            return self.send(502, {"error": "processor_unavailable"})
        log.info("checkout %s cancelled (%s)", checkout_id, cancel.get("reason"))
        self.send(200, {"status": "succeeded", "processorReference": checkout_id})

    def partner_capture(self, body):
        """Captures a held payment once every share of its session is held (captureMethod manual).
        It captures the call's amountMinor, which may be less than the hold: an open group whose price per
        place fell as more joined charges each payer their final part, and the rest of the hold goes back.
        PaySplit may call again with the same captureId: the first answer is kept and repeated, and the
        processor call carries paysplit-<captureId> as its Idempotency-Key, so the card is charged once.
        A checkout the processor charged at once (it takes no holds) has nothing left to capture."""
        try:
            capture_id = verify(body, self.headers, self.config.partner_secret)
            capture = json.loads(body)
        except SignatureError as error:
            log.warning("refused a capture call: %s", error.reason)
            return self.send(400, {"error": "invalid_signature"})
        except ValueError:
            return self.send(400, {"error": "invalid_body"})
        if capture.get("type") != "partner.payment.capture" or capture.get("captureId") != capture_id:
            return self.send(400, {"error": "invalid_body"})
        answered = self.store.run("select answer from captures where capture_id = ?", (capture_id,))
        if answered:
            return self.send(200, json.loads(answered[0][0]))
        rows = self.store.run("select checkout_id from payments where payment_id = ?", (capture.get("paymentId"),))
        checkout_id = rows[0][0] if rows else None
        status, checkout = (404, None) if not checkout_id else call_json(
            "GET", f"{self.config.processor_url}/api/checkouts/{urllib.parse.quote(checkout_id)}")
        if status != 200:
            answer = {"status": "failed", "failureReason": "no held payment of ours for this payment"}
        elif checkout["status"] == "succeeded":
            answer = {"status": "succeeded", "processorReference": checkout_id}
        elif checkout["status"] != "authorized":
            answer = {"status": "failed", "processorReference": checkout_id, "failureReason": f"the payment is {checkout['status']}"}
        elif int(capture["amountMinor"]) > int(checkout["amountMinor"]):
            answer = {"status": "failed", "processorReference": checkout_id, "failureReason": "more than the hold"}
        else:
            status, result = call_json(
                "POST",
                f"{self.config.processor_url}/api/checkouts/{urllib.parse.quote(checkout_id)}/capture",
                {"amountMinor": capture["amountMinor"]},
                {"Idempotency-Key": f"paysplit-{capture_id}"},
            )
            if status != 200:
                # No answer: PaySplit calls again later with the same captureId.
                log.error("the processor did not take the capture (HTTP %s)", status)
                return self.send(502, {"error": "processor_unavailable"})
            answer = {"status": result["status"], "processorReference": result.get("id", checkout_id)}
            if result.get("failureReason"):
                answer["failureReason"] = result["failureReason"]
        self.store.run(
            "insert or ignore into captures (capture_id, payment_id, answer) values (?, ?, ?)",
            (capture_id, capture.get("paymentId"), json.dumps(answer)),
        )
        stored = self.store.run("select answer from captures where capture_id = ?", (capture_id,))
        log.info("capture %s: %s", capture_id, json.loads(stored[0][0])["status"])
        self.send(200, json.loads(stored[0][0]))

    def payment_success(self, checkout_id):
        if not checkout_id.startswith("cs_") or not checkout_id.replace("_", "").isalnum():
            return self.page(400, "Payment not found", "<p>This link does not name a payment.</p>")
        # Ask the processor: the query string proves nothing.
        status, checkout = call_json("GET", f"{self.config.processor_url}/api/checkouts/{urllib.parse.quote(checkout_id)}")
        if status != 200:
            return self.page(404, "Payment not found", "<p>The processor does not know this payment.</p>")
        rows = self.store.run("select payer_role from payments where payment_id = ? and checkout_id = ?", (checkout["paymentId"], checkout_id))
        if not rows:
            return self.page(404, "Payment not found", "<p>We did not start this payment.</p>")
        # A held checkout (authorize-only, for captureMethod manual) is as good as a charge until captured.
        held = checkout["status"] == "authorized"
        action = "authorize" if held or checkout["status"] == "succeeded" else "fail"
        status, recorded = self.paysplit.record_payment(
            checkout["paymentId"], action, checkout_id, checkout["amountMinor"], checkout.get("holdExpiresAt") if held else None)
        if status != 200:
            log.error("PaySplit did not record the payment: %s (request %s)", recorded.get("code"), recorded.get("requestId"))
            return self.page(502, "We could not confirm your payment yet", "<p>Please reload this page.</p>")
        if recorded.get("refundRequired"):
            log.warning("payment %s must be refunded (its share was already paid)", checkout["paymentId"])
        # Back to PaySplit with a redirect, never a JSON body.
        host = rows[0][0] == "host"
        self.redirect(302, recorded["serviceHostResumeUrl"] if host else recorded["serviceParticipantReturnUrl"])

    def webhook(self, body):
        try:
            event_id = verify(body, self.headers, self.config.webhook_secret)
            event = json.loads(body)
        except SignatureError as error:
            log.warning("refused a webhook: %s", error.reason)
            return self.send(400, {"error": "invalid_signature"})
        except ValueError:
            return self.send(400, {"error": "invalid_body"})
        if event.get("eventId") != event_id:
            return self.send(400, {"error": "invalid_body"})
        # At-least-once delivery: act once per eventId, acknowledge every copy.
        outcome = self.store.handle_event_once(event)
        if outcome == "paid":
            log.info("order %s paid", event.get("orderReference"))
        elif outcome == "unknown_order":
            log.error("completion event %s names no unpaid order of ours (%s)", event_id, event.get("orderReference"))
        self.send(204, b"", "text/plain")


def main():
    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "INFO").upper(), format="%(asctime)s %(levelname)s %(message)s")
    config = Config()
    Merchant.config = config
    Merchant.store = Store(config.database)
    Merchant.paysplit = PaySplit(config)
    server = ThreadingHTTPServer(("0.0.0.0", config.port), Merchant)
    # Stop cleanly on Ctrl+C and on SIGTERM (docker stop, a test's kill).
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    print(f"Python merchant: orders at {config.public_url}/ (PaySplit at {config.paysplit_url})", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
