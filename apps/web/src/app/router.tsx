import { lazy } from "react";
import { createBrowserRouter } from "react-router";
import { Layout } from "./layout";
import { RequireAdmin, RequireAuth } from "./guards";
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

/** The route table of spec §2. */
export const routes = [
  {
    element: <Layout />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/signin", element: <SignInPage /> },
      { path: "/signup", element: <SignUpPage /> },
      { path: "/about", element: <AboutPage /> },
      { path: "/pricing", element: <PricingPage /> },
      { path: "/contact", element: <ContactPage /> },
      { path: "/forgotpassword", element: <ForgotPasswordPage /> },
      { path: "/resetpassword/:token", element: <ResetPasswordPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: "/dashboard", element: <DashboardPage /> },
          { path: "/playground/:roomId?", element: <PlaygroundPage /> },
          { path: "/profile", element: <ProfilePage /> },
          { path: "/editprofile", element: <EditProfilePage /> },
          { path: "/changepassword", element: <ChangePasswordPage /> },
          { path: "/subscribe-basic", element: <SubscribeBasicPage /> },
          { path: "/subscribe-pro", element: <SubscribeProPage /> },
          { path: "/purchasehistory", element: <PurchaseHistoryPage /> },
        ],
      },
      { element: <RequireAdmin />, children: [{ path: "/allpayments", element: <AllPaymentsPage /> }] },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
