/**
 * Encrypts API keys at rest. The desktop app passes Electron's safeStorage (the OS keychain: Keychain, DPAPI,
 * libsecret); servers and the CLI have none and read keys from environment variables instead.
 */
export interface SecretBox {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}
