import { Router } from 'express';
import type { PortalContext } from '../deps';
import { validateForm } from '../http/forms';
import { requireUser } from '../http/guards';
import { PageError } from '../http/page-error';
import { csrfTokenOf, render, signedInUser } from '../http/render';
import { formFromProfile, handleConflicts, profileFieldsFromForm, saveProfile } from '../use-cases/profiles';
import { profilePage, type ProfilePageState } from '../views/profile-page';
import { profileFormSchema } from './profile-schema';

export function profileRoutes({ store, portalStore }: PortalContext): Router {
  const router = Router();

  async function pageState(profileId: number | null, csrf: string): Promise<Omit<ProfilePageState, 'form'>> {
    if (profileId === null) return { csrf, profile: null };
    const [profile, pending, history] = await Promise.all([
      portalStore.findProfileById(profileId),
      portalStore.pendingRequest(profileId),
      portalStore.auditHistory(profileId),
    ]);
    return { csrf, profile, pending, history };
  }

  router.get('/profile', requireUser, async (req, res) => {
    const state = await pageState(signedInUser(res).profileId, csrfTokenOf(res));
    render(res, 'Profile', profilePage({ ...state, form: formFromProfile(state.profile), saved: req.query.saved === '1' }));
  });

  router.post('/profile', requireUser, async (req, res) => {
    const user = signedInUser(res);
    const form = validateForm<Record<string, string>>(profileFormSchema, req.body);
    const state = await pageState(user.profileId, csrfTokenOf(res));
    if (!form.ok) {
      const errors = { ...(await handleConflicts(store, user, req.body ?? {})), ...form.errors };
      return render(res, 'Profile', profilePage({ ...state, form: { ...req.body, ...form.value }, errors }), 422);
    }
    const result = await saveProfile(portalStore, user, profileFieldsFromForm(form.value));
    if (!result.ok) return render(res, 'Profile', profilePage({ ...state, form: form.value, errors: result.errors }), 409);
    res.redirect(303, '/profile?saved=1');
  });

  router.post('/profile/verification-request', requireUser, async (_req, res) => {
    const user = signedInUser(res);
    if (user.profileId === null) throw new PageError(409, 'Create your profile before asking for verification.');
    await portalStore.requestVerification(user.profileId, user.email);
    res.redirect(303, '/profile');
  });

  return router;
}
