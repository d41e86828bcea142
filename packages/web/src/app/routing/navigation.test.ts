import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cameFromLogin, FROM_LOGIN, loginPathFor, safeRedirect } from './navigation.ts';

test('the login path carries the page to return to', () => {
  assert.equal(loginPathFor({ pathname: '/permission/accountmanager', search: '?page=2' }), '/login?redirect=%2Fpermission%2Faccountmanager%3Fpage%3D2');
  assert.equal(loginPathFor({ pathname: '/', search: '' }), '/login');
  assert.equal(loginPathFor({ pathname: '/login', search: '?redirect=%2Fx' }), '/login');
});

test('only same-site paths are followed after login', () => {
  assert.equal(safeRedirect('/settings/platSet'), '/settings/platSet');
  assert.equal(safeRedirect('https://evil.example/'), null);
  assert.equal(safeRedirect('//evil.example/'), null);
  assert.equal(safeRedirect(null), null);
});

test('navigation state from the login page is recognised', () => {
  assert.equal(cameFromLogin(FROM_LOGIN), true);
  assert.equal(cameFromLogin(null), false);
  assert.equal(cameFromLogin({ fromLogin: 'yes' }), false);
});
