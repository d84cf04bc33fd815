import { describe, expect, it } from 'vitest';
import { padHex, passwordClaimSignature, srpTimestamp, startSrp } from './srp.ts';

// A known answer computed by amazon-cognito-identity-js's AuthenticationHelper (its own BigInteger
// and SHA-256) for a fixed `a`: our BigInt and Web Crypto client must sign the same claim.
const a = 0x7d3c1f0e9a8b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1dn;
const srpB =
  '834396229144bc8f3fc8ad67841392f30de4035ad53013e711e16094164c9c1acc2ffc4ed56e0d9807a781803500fb34' +
  '54d82b3d132954d4dd3f29772832c8cbdaf46251a2eeeb66b86531d4b3134847ca92547fa4dd47a2a39b0b771a2b2237' +
  '201fb319a6f53fdd59e450498de509fbe1842159ca9a0ddf3350d1dacd3c56deb9a715cc916512fa09c10f9a8ae36e9d' +
  '274be7baaa50e7090d60637582ab942b486dd3d6b7293d95324b4fea1478290203e357ef6ba99d02f3899302c367a783' +
  '7e3ac6d9bb80f4578652dc72a73aa302e5af33fb788c49c22ece0b284c06aa2b2b489185dbcf9e6e0c9a5ee8cd192e72' +
  '184d300f92adc184b664e39f02c0cdc324d5f39596ff15c4e78a48d727a9adf29c9c168a3e069b42bf6eaf0f7545e000' +
  'dfe28a1097049b56eb47264d7150314b8f31fae66c202adfc362b0c346b647c2b7fe1f5ecc56597d73a16612f5b7e613' +
  'ef4296d71f128ff240f6e8a3e5416ed70802bdc0920c893930395b0ede941d8ba716794d1f31003db9f4754a4dca3e55';

describe('SRP client', () => {
  it('computes A and the PASSWORD_CLAIM_SIGNATURE as amazon-cognito-identity-js does', async () => {
    const start = startSrp(a);
    expect(start.A.toString(16)).toHaveLength(768);
    expect(start.A.toString(16).startsWith('c3e80642ed27fcf4b5f2801e3c73d908')).toBe(true);
    const signature = await passwordClaimSignature(start, {
      poolName: 'atende',
      username: 'demo@atende.local',
      password: 'Painel#Suporte2026',
      salt: '9f1c2b3a4d5e6f708192a3b4c5d6e7f8',
      srpB,
      secretBlock: 'dW0gYmxvY28gb3BhY28gcXVhbHF1ZXIgZG8gc2Vydmlkb3I=',
      timestamp: 'Fri Nov 27 09:05:03 UTC 2026',
    });
    expect(signature).toBe('9pOd2p+pLiKykK8aYCW379nK7OjX9jGtckHhuZWf5DA=');
  });

  it('draws a fresh a each time', () => {
    expect(startSrp().a).not.toBe(startSrp().a);
  });

  it('refuses a B that is 0 mod N', async () => {
    await expect(
      passwordClaimSignature(startSrp(a), {
        poolName: 'atende',
        username: 'u',
        password: 'p',
        salt: '01',
        srpB: '0',
        secretBlock: '',
        timestamp: '',
      }),
    ).rejects.toThrow();
  });

  it('pads hex as Cognito does: even length, 00 before a set high bit', () => {
    expect(padHex(0xfn)).toBe('0f');
    expect(padHex(0x80n)).toBe('0080');
    expect(padHex(0x7fffn)).toBe('7fff');
  });

  it('formats TIMESTAMP with the day not zero-padded and the time zero-padded, in UTC', () => {
    expect(srpTimestamp(new Date('2026-11-06T09:05:03Z'))).toBe('Fri Nov 6 09:05:03 UTC 2026');
    expect(srpTimestamp(new Date('2026-12-31T23:59:59.900Z'))).toBe('Thu Dec 31 23:59:59 UTC 2026');
  });
});
