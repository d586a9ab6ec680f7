import { useAuth } from "../lib/auth-store";
import { PageSpinner } from "../components/ui/spinner.tsx";
import { CancelSubscriptionCard } from "../features/profile/components/cancel-subscription-card.tsx";
import { ProfileOverview } from "../features/profile/components/profile-overview.tsx";
import { UsageStats } from "../features/profile/components/usage-stats.tsx";

/** /profile: the signed-in user's details, usage and subscription (kept fresh by the layout). */
export function ProfilePage() {
  const { data } = useAuth();
  if (!data) return <PageSpinner />;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-8 px-4 py-10 sm:px-6">
      <ProfileOverview user={data} />
      <UsageStats user={data} />
      <CancelSubscriptionCard user={data} />
    </div>
  );
}
