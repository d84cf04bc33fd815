import { type PasswordClaim, type ServerChallenge, serverChallenge, verifyPasswordClaim } from './srp.ts';

// SRP's modular arithmetic as CPU-pool tasks (lib/cpu): ~0.6 ms for a challenge, ~1.2 ms for a
// claim, which an unauthenticated flood could otherwise pile onto the event loop (a claim costs
// its sender nothing to forge). The provider runs them through its hashing gate, as argon2.

/** The server's ephemeral pair for A against a verifier (null: the decoy). */
export function srpChallenge(input: { A: bigint; verifier: string | null }): ServerChallenge {
  return serverChallenge(input.A, input.verifier);
}

/** Whether the claim proves the password behind the verifier (null: the decoy, never). */
export function srpVerify(input: {
  challenge: { A: bigint; b: bigint; u: bigint };
  verifier: string | null;
  claim: PasswordClaim;
}): boolean {
  return verifyPasswordClaim(input.challenge, input.verifier, input.claim);
}
