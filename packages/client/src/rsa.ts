/**
 * Encrypts a password for `rsa: true` calls: RSA-OAEP with SHA-256 under the
 * server's PEM public key, base64. Pure JS (node-forge), because care homes serve
 * the console over plain HTTP on a LAN where `crypto.subtle` does not exist.
 * node-forge is a large library only needed when a password is sent, so it loads then.
 */
export async function encryptPassword(publicKeyPem: string, password: string): Promise<string> {
  const { default: forge } = await import('node-forge');
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  const encrypted = key.encrypt(forge.util.encodeUtf8(password), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(encrypted);
}
