import { lazy } from "react";
import { createBrowserRouter } from "react-router";
import { Layout } from "./layout.tsx";
import { RequireAdmin, RequireAuth } from "./guards.tsx";
import type { TRouteHandle, TRouteTitle } from "./page-title";
import { HomePage } from "../pages/home-page.tsx";
import { NotFoundPage } from "../pages/not-found-page.tsx";

// Every page but the landing page loads on demand, so the first paint stays small.
const page = (load: () => Promise<Record<string, React.ComponentType>>, name: string) =>
  lazy(async () => ({ default: (await load())[name]! }));

const SignInPage = page(() => import("../pages/signin-page.tsx"), "SignInPage");
const SignUpPage = page(() => import("../pages/signup-page.tsx"), "SignUpPage");
const AboutPage = page(() => import("../pages/about-page.tsx"), "AboutPage");
const PricingPage = page(() => import("../pages/pricing-page.tsx"), "PricingPage");
const ContactPage = page(() => import("../pages/contact-page.tsx"), "ContactPage");
const ForgotPasswordPage = page(() => import("../pages/forgot-password-page.tsx"), "ForgotPasswordPage");
const ResetPasswordPage = page(() => import("../pages/reset-password-page.tsx"), "ResetPasswordPage");
const DashboardPage = page(() => import("../pages/dashboard-page.tsx"), "DashboardPage");
const PlaygroundPage = page(() => import("../pages/playground-page.tsx"), "PlaygroundPage");
const ProfilePage = page(() => import("../pages/profile-page.tsx"), "ProfilePage");
const EditProfilePage = page(() => import("../pages/edit-profile-page.tsx"), "EditProfilePage");
const ChangePasswordPage = page(() => import("../pages/change-password-page.tsx"), "ChangePasswordPage");
const SubscribeBasicPage = page(() => import("../pages/subscribe-basic-page.tsx"), "SubscribeBasicPage");
const SubscribeProPage = page(() => import("../pages/subscribe-pro-page.tsx"), "SubscribeProPage");
const PurchaseHistoryPage = page(() => import("../pages/purchase-history-page.tsx"), "PurchaseHistoryPage");
const AllPaymentsPage = page(() => import("../pages/all-payments-page.tsx"), "AllPaymentsPage");
const CreateAccountPage = page(() => import("../pages/create-account-page.tsx"), "CreateAccountPage");
const DocumentationPage = page(() => import("../pages/documentation-page.tsx"), "DocumentationPage");
const CareersPage = page(() => import("../pages/careers-page.tsx"), "CareersPage");
const HelpCenterPage = page(() => import("../pages/help-center-page.tsx"), "HelpCenterPage");
const SecurityPage = page(() => import("../pages/security-page.tsx"), "SecurityPage");
const FeedbackPage = page(() => import("../pages/feedback-page.tsx"), "FeedbackPage");
const TermsPage = page(() => import("../pages/terms-page.tsx"), "TermsPage");
const PrivacyPage = page(() => import("../pages/privacy-page.tsx"), "PrivacyPage");
const CookiesPage = page(() => import("../pages/cookies-page.tsx"), "CookiesPage");

/** A route with its own document title (see page-title.ts). */
const titled = (title: TRouteTitle) => ({ handle: { title } satisfies TRouteHandle });

/** The route table of spec §2. */
export const routes = [
  {
    element: <Layout />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/signin", element: <SignInPage />, ...titled("Sign In") },
      { path: "/signup", element: <SignUpPage />, ...titled("Sign Up") },
      { path: "/about", element: <AboutPage />, ...titled("About Us") },
      { path: "/pricing", element: <PricingPage />, ...titled("Pricing") },
      { path: "/contact", element: <ContactPage />, ...titled("Contact Us") },
      { path: "/forgotpassword", element: <ForgotPasswordPage />, ...titled("Forgot Password") },
      { path: "/resetpassword/:token", element: <ResetPasswordPage />, ...titled("Reset Password") },
      { path: "/documentation", element: <DocumentationPage />, ...titled("Documentation") },
      { path: "/careers", element: <CareersPage />, ...titled("Careers") },
      { path: "/help-center", element: <HelpCenterPage />, ...titled("Help Center") },
      { path: "/security", element: <SecurityPage />, ...titled("Security") },
      { path: "/feedback", element: <FeedbackPage />, ...titled("Feedback") },
      { path: "/terms", element: <TermsPage />, ...titled("Terms of Use") },
      { path: "/privacy", element: <PrivacyPage />, ...titled("Privacy") },
      { path: "/cookies", element: <CookiesPage />, ...titled("Cookies") },
      {
        element: <RequireAuth />,
        children: [
          { path: "/dashboard", element: <DashboardPage />, ...titled("Your Dashboard") },
          {
            path: "/playground/:roomId?",
            element: <PlaygroundPage />,
            ...titled(({ roomId }) => (roomId ? `Room ${roomId.toUpperCase()}` : "Playground")),
          },
          { path: "/profile", element: <ProfilePage />, ...titled("My Profile") },
          { path: "/editprofile", element: <EditProfilePage />, ...titled("Edit Profile") },
          { path: "/changepassword", element: <ChangePasswordPage />, ...titled("Change Password") },
          { path: "/subscribe-basic", element: <SubscribeBasicPage />, ...titled("Basic Plan") },
          { path: "/subscribe-pro", element: <SubscribeProPage />, ...titled("Pro Plan") },
          { path: "/purchasehistory", element: <PurchaseHistoryPage />, ...titled("Purchase History") },
          { path: "/create-account", element: <CreateAccountPage />, ...titled("Create an Account") },
        ],
      },
      { element: <RequireAdmin />, children: [{ path: "/allpayments", element: <AllPaymentsPage />, ...titled("All Payments") }] },
      { path: "*", element: <NotFoundPage />, ...titled("Page Not Found") },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
