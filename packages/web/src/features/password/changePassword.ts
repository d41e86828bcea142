import { Status, login, publicKey, updatePassword } from '@vigil/contracts';
import { ApiError, callApi } from '../../api/client.ts';
import { encryptPassword } from '@vigil/client';
import { saveLogin } from '../../session/session-store.ts';

/** How a password change ended: changed, refused (old password wrong, or another server refusal). */
export type ChangeOutcome = { kind: 'changed'; reloggedIn: boolean } | { kind: 'oldPasswordWrong' } | { kind: 'refused'; error: unknown };

/**
 * Changes the signed-in account's password with RSA-encrypted old and new passwords,
 * then logs in again with the new one (spec 01 §7 step 1) and stores that login.
 */
export async function changePassword(userName: string, oldPassword: string, newPassword: string): Promise<ChangeOutcome> {
  let pem: string;
  try {
    pem = (await callApi(publicKey, {})).publicKey;
    await callApi(updatePassword, {
      userName,
      oldPassWord: await encryptPassword(pem, oldPassword),
      newPassWord: await encryptPassword(pem, newPassword),
      rsa: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === Status.OLD_PASSWORD_WRONG) return { kind: 'oldPasswordWrong' };
    return { kind: 'refused', error };
  }
  try {
    const result = await callApi(login, { userName, passWord: await encryptPassword(pem, newPassword), from: 'PC', rsa: true }, { sessionCheck: false });
    saveLogin(result);
    return { kind: 'changed', reloggedIn: true };
  } catch {
    return { kind: 'changed', reloggedIn: false };
  }
}
