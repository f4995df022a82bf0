import assert from 'node:assert/strict';
import { SimlabError } from '../../core/contract/envelope.js';

/** Runs `fn`, which must throw INVALID_ARGS, and returns the error so a test can read its message and details. */
export function invalidArgs(fn: () => unknown): SimlabError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof SimlabError, `expected a SimlabError, got ${String(err)}`);
    assert.equal(err.code, 'INVALID_ARGS');
    return err;
  }
  assert.fail('expected INVALID_ARGS, nothing was thrown');
}
