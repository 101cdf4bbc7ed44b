import { hash, verify } from '@node-rs/argon2';

/** User passwords: argon2id (the library's default algorithm), cost from configuration. */
export class Passwords {
  constructor(private readonly options: { memoryCost: number; timeCost: number }) {}

  hash(password: string): Promise<string> {
    return hash(password, { memoryCost: this.options.memoryCost, timeCost: this.options.timeCost, parallelism: 1 });
  }

  async matches(passwordHash: string | null, password: string): Promise<boolean> {
    if (!passwordHash) return false;
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}
