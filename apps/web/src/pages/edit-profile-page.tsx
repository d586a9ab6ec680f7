/** Placeholder until its issue lands. */
export function EditProfilePage() {
  return <h1>EditProfilePage</h1>;
}
