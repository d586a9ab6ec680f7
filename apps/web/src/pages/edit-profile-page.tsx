import { useAuth } from "../lib/auth-store";
import { Card } from "../components/ui/card.tsx";
import { PageSpinner } from "../components/ui/spinner.tsx";
import { EditProfileForm } from "../features/profile/components/edit-profile-form.tsx";

/** /editprofile. */
export function EditProfilePage() {
  const { data } = useAuth();
  if (!data) return <PageSpinner />;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Edit profile</h1>
        <p className="mt-1.5 mb-8 text-sm text-slate-600 dark:text-slate-400">
          Update your picture, name and email address.
        </p>
        <EditProfileForm user={data} />
      </Card>
    </div>
  );
}
