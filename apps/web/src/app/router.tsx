import { lazy } from "react";
import { createBrowserRouter } from "react-router";
import { Layout } from "./layout";
import { RequireAdmin, RequireAuth } from "./guards";
import type { TRouteHandle, TRouteTitle } from "./page-title";
import { HomePage } from "../pages/home-page";
import { NotFoundPage } from "../pages/not-found-page";

// Every page but the landing page loads on demand, so the first paint stays small.
const page = (load: () => Promise<Record<string, React.ComponentType>>, name: string) =>
  lazy(async () => ({ default: (await load())[name]! }));

const SignInPage = page(() => import("../pages/signin-page"), "SignInPage");
const SignUpPage = page(() => import("../pages/signup-page"), "SignUpPage");
const AboutPage = page(() => import("../pages/about-page"), "AboutPage");
const PricingPage = page(() => import("../pages/pricing-page"), "PricingPage");
const ContactPage = page(() => import("../pages/contact-page"), "ContactPage");
const ForgotPasswordPage = page(() => import("../pages/forgot-password-page"), "ForgotPasswordPage");
const ResetPasswordPage = page(() => import("../pages/reset-password-page"), "ResetPasswordPage");
const DashboardPage = page(() => import("../pages/dashboard-page"), "DashboardPage");
const PlaygroundPage = page(() => import("../pages/playground-page"), "PlaygroundPage");
const ProfilePage = page(() => import("../pages/profile-page"), "ProfilePage");
const EditProfilePage = page(() => import("../pages/edit-profile-page"), "EditProfilePage");
const ChangePasswordPage = page(() => import("../pages/change-password-page"), "ChangePasswordPage");
const SubscribeBasicPage = page(() => import("../pages/subscribe-basic-page"), "SubscribeBasicPage");
const SubscribeProPage = page(() => import("../pages/subscribe-pro-page"), "SubscribeProPage");
const PurchaseHistoryPage = page(() => import("../pages/purchase-history-page"), "PurchaseHistoryPage");
const AllPaymentsPage = page(() => import("../pages/all-payments-page"), "AllPaymentsPage");
const CreateAccountPage = page(() => import("../pages/create-account-page"), "CreateAccountPage");
const DocumentationPage = page(() => import("../pages/documentation-page"), "DocumentationPage");
const CareersPage = page(() => import("../pages/careers-page"), "CareersPage");
const HelpCenterPage = page(() => import("../pages/help-center-page"), "HelpCenterPage");
const SecurityPage = page(() => import("../pages/security-page"), "SecurityPage");
const FeedbackPage = page(() => import("../pages/feedback-page"), "FeedbackPage");
const TermsPage = page(() => import("../pages/terms-page"), "TermsPage");
const PrivacyPage = page(() => import("../pages/privacy-page"), "PrivacyPage");
const CookiesPage = page(() => import("../pages/cookies-page"), "CookiesPage");

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
