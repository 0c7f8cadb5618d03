// Finds a number by its digits (or adds it), waits for its next code and prints it.
// Node 18 or newer. VOIP_KEY: an API key with numbers:read, numbers:write and messages:read.
const api = process.env.VOIP_API ?? 'http://localhost:3000';
const phone = process.env.PHONE;
const link = process.env.LINK ?? `${api}/demo-provider/${phone}`;
const headers = {
  authorization: `Bearer ${process.env.VOIP_KEY}`,
  'content-type': 'application/json',
};

async function call(path, init) {
  const res = await fetch(api + path, { ...init, headers });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

// Only codes stored after this count: take it before the SMS is sent.
const after = new Date().toISOString();
const found = await call(`/v1/numbers?phone=${phone}`).then((r) => r.json());
const number =
  found.items[0] ??
  (await call('/v1/numbers', {
    method: 'POST',
    body: JSON.stringify({ phoneNumber: phone, apiLink: link }),
  }).then((r) => r.json()));

// ... make the site send its SMS to the number here ...

// Up to 5 waits of 60 s; a restart of the server in between loses no code.
for (let i = 0; i < 5; i++) {
  const url = `${api}/v1/numbers/${number.id}/code?wait=60&after=${encodeURIComponent(after)}`;
  const res = await fetch(url, { headers }).catch(() => null);
  if (res?.status === 200) {
    const { code } = await res.json();
    console.log(code);
    process.exit(0);
  }
  if (res && ![204, 429, 503].includes(res.status)) throw new Error(await res.text());
  if (res?.status !== 204) await new Promise((resolve) => setTimeout(resolve, 1000));
}
console.error(`no code for ${phone}`);
process.exit(1);
