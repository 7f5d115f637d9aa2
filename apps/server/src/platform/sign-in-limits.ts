/**
 * The limits on password guesses, shared by the customer and rider sign-in routes. Failures are
 * counted per email and address together (the tight one), per address across emails, and per email
 * across addresses (looser, against guesses spread over many addresses). That last one would let
 * someone with a few addresses lock an account's owner out, so an address that signed in to the
 * account in the last 30 days is held only by its own limits: the owner at home keeps getting in.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';
import { attempt, isMarked, type Limit, mark } from './rate-limit.ts';

export const SIGN_IN_LIMIT = 'Too many sign-in attempts. Please wait a few minutes and try again.';
const WINDOW = 600;
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;

export async function limitedSignIn<T>(db: Db, req: FastifyRequest, email: string, work: () => Promise<T>): Promise<T> {
  const known = `sign-in:known:${email}|${req.ip}`;
  const limits: Limit[] = [
    { key: `sign-in:pair:${email}|${req.ip}`, max: 8, windowSeconds: WINDOW },
    { key: `sign-in:ip:${req.ip}`, max: 30, windowSeconds: WINDOW },
  ];
  if (!(await isMarked(db, known, KNOWN_ADDRESS_SECONDS))) limits.push({ key: `sign-in:email:${email}`, max: 40, windowSeconds: WINDOW });
  const result = await attempt(db, limits, SIGN_IN_LIMIT, work, (err) => err instanceof AppError && err.code === 'INVALID_CREDENTIALS');
  await mark(db, known);
  return result;
}
