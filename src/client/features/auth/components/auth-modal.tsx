// PLACEHOLDER: the real auth modal replaces this.
export function AuthModal() {
  return null;
}
