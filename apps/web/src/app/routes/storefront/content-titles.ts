/**
 * The content pages' titles (the document title), here so they join the content catalog with the
 * pages' own texts: router.tsx names them on its routes, and the root layout shows each in the page's
 * language once the page (and so its catalog) has loaded.
 */
import { msg } from '@lingui/core/macro';

export const CONTENT_TITLES = {
  home: msg`Premium sausages, cold cuts and fresh meat`,
  about: msg`Our Story`,
  discover: msg`Discover`,
  recipes: msg`Recipes`,
  comingSoon: msg`Coming soon`,
  certifications: msg`Certifications`,
  contact: msg`Contact Us`,
  privacy: msg`Privacy Policy`,
  terms: msg`Terms of Service`,
};
