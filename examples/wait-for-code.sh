#!/bin/sh
# Finds a number by its digits (or adds it), waits for its next code and prints it.
# Needs curl and jq. VOIP_KEY: an API key with numbers:read, numbers:write and messages:read.
set -eu
API=${VOIP_API:-http://localhost:3000}
PHONE=${PHONE:?PHONE: the number, 10 digits}
LINK=${LINK:-$API/demo-provider/$PHONE}
AUTH="Authorization: Bearer ${VOIP_KEY:?VOIP_KEY: an API key}"

# Only codes stored after this count: take it before the SMS is sent.
AFTER=$(date -u +%Y-%m-%dT%H:%M:%SZ)
ID=$(curl -sSf -H "$AUTH" "$API/v1/numbers?phone=$PHONE" | jq -r '.items[0].id // empty')
if [ -z "$ID" ]; then
  ID=$(curl -sSf -H "$AUTH" -H 'Content-Type: application/json' \
    -d "{\"phoneNumber\":\"$PHONE\",\"apiLink\":\"$LINK\"}" "$API/v1/numbers" | jq -r .id)
fi

# ... make the site send its SMS to $PHONE here ...

# Up to 5 waits of 60 s; a restart of the server in between loses no code.
BODY=$(mktemp)
trap 'rm -f "$BODY"' EXIT
for _ in 1 2 3 4 5; do
  STATUS=$(curl -sS -o "$BODY" -w '%{http_code}' -H "$AUTH" -H 'Accept: text/plain' \
    "$API/v1/numbers/$ID/code?wait=60&after=$AFTER") || STATUS=000
  case $STATUS in
    200) cat "$BODY"; exit 0 ;;
    204) ;;                    # no code in this wait: wait again
    000|429|503) sleep 1 ;;    # unreachable, limited or restarting: retry
    *) cat "$BODY" >&2; exit 1 ;;
  esac
done
echo "no code for $PHONE" >&2
exit 1
