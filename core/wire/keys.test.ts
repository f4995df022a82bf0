import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SimlabError } from '../contract/envelope.js';
import { canonicalKey, resolveKey } from './keys.js';

const WEB = ['Enter', 'Backspace', 'Escape', 'ArrowUp'];
const ANDROID = ['Enter', 'Backspace', 'Delete', 'Escape'];

describe('key names', () => {
  it('answers the device own name in any case, or for a usual alias', () => {
    assert.equal(canonicalKey(' enter ', WEB), 'Enter');
    assert.equal(canonicalKey('return', WEB), 'Enter');
    assert.equal(canonicalKey('esc', WEB), 'Escape');
    assert.equal(canonicalKey('up', WEB), 'ArrowUp');
    assert.equal(canonicalKey('delete', WEB), 'Backspace');
  });

  it('lets a device own key win over an alias of the same name', () => {
    assert.equal(canonicalKey('Delete', ANDROID), 'Delete');
    assert.equal(canonicalKey('del', ANDROID), 'Backspace');
  });

  it('has no name for a key the device lacks, or an alias of one', () => {
    assert.equal(canonicalKey('Hyper', WEB), undefined);
    assert.equal(canonicalKey('up', ANDROID), undefined);
  });

  it('refuses an unknown key with INVALID_ARGS naming the keys there are', () => {
    assert.throws(
      () => resolveKey('Hyper', WEB),
      (err: unknown) => err instanceof SimlabError && err.code === 'INVALID_ARGS' && /Enter, Backspace/.test(err.options.hint ?? ''),
    );
  });
});
