"""Standard Webhooks signatures (https://www.standardwebhooks.com), with the Python standard library.

PaySplit signs both calls it makes to a merchant this way: the partner create-payment call (with the
integration's partner signing secret) and every webhook event (with the webhook signing secret).

    webhook-id:        the eventId, or the paymentId of a partner call
    webhook-timestamp: unix seconds when the attempt was signed
    webhook-signature: "v1,<base64>" (several, space-separated, during a secret rotation)

The signature is HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{raw body}", keyed with the
base64-decoded part of the secret after "whsec_".

Run `python3 standard_webhooks.py check` to verify cases read as JSON from stdin (used by the tests).
"""

import base64
import binascii
import hashlib
import hmac
import json
import sys
import time

TOLERANCE_SECONDS = 300


class SignatureError(Exception):
    """The message is not provably from PaySplit; `reason` says why (never log the secret)."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


def _secret_key(secret):
    if not isinstance(secret, str) or not secret:
        raise SignatureError("invalid_secret")
    encoded = secret[len("whsec_"):] if secret.startswith("whsec_") else secret
    try:
        key = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise SignatureError("invalid_secret") from None
    if not key:
        raise SignatureError("invalid_secret")
    return key


def sign(secret, message_id, timestamp, body):
    """The "v1,<base64>" signature of a message; body is the exact bytes sent."""
    signed = f"{message_id}.{timestamp}.".encode() + body
    digest = hmac.new(_secret_key(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def verify(body, headers, secret, now=None, tolerance=TOLERANCE_SECONDS):
    """Checks a message and returns its webhook-id, or raises SignatureError.

    body:    the raw request body exactly as received (bytes), never re-serialised JSON
    headers: a mapping with case-insensitive lookup (http.server's headers are), or a dict
    secret:  "whsec_..." or a list of secrets (accept either while you rotate)
    """
    lookup = {k.lower(): v for k, v in headers.items()} if isinstance(headers, dict) else headers
    message_id = lookup.get("webhook-id")
    timestamp_text = lookup.get("webhook-timestamp")
    signatures = lookup.get("webhook-signature")
    if not message_id or not timestamp_text or not signatures:
        raise SignatureError("missing_headers")
    if not timestamp_text.isascii() or not timestamp_text.isdigit():
        raise SignatureError("invalid_timestamp")
    timestamp = int(timestamp_text)
    current = int(time.time() if now is None else now)
    if timestamp < current - tolerance:
        raise SignatureError("timestamp_too_old")
    if timestamp > current + tolerance:
        raise SignatureError("timestamp_in_future")
    secrets = [secret] if isinstance(secret, str) else list(secret)
    expected = [sign(s, message_id, timestamp_text, body) for s in secrets]
    for candidate in signatures.split(" "):
        if not candidate.startswith("v1,"):
            continue
        for wanted in expected:
            # Constant-time comparison, so timing reveals nothing about the right signature.
            if hmac.compare_digest(candidate.encode(), wanted.encode()):
                return message_id
    raise SignatureError("no_matching_signature")


def _check_cases():
    """Reads [{body, headers, secret, now?}] from stdin; prints [{"ok": true} | {"ok": false, "reason"}]."""
    results = []
    for case in json.load(sys.stdin):
        try:
            verify(case["body"].encode(), case["headers"], case["secret"], now=case.get("now"))
            results.append({"ok": True})
        except SignatureError as error:
            results.append({"ok": False, "reason": error.reason})
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    if sys.argv[1:] == ["check"]:
        _check_cases()
    else:
        sys.exit("usage: python3 standard_webhooks.py check < cases.json")
