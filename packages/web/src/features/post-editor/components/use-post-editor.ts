import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent as ReactClipboardEvent,
} from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  limits,
  messages,
  truncateChars,
  type Community,
  type CommunityWithoutMods,
  type Post,
  type PostTypeName,
} from '@commons/shared';
import { useTextLimit } from '../../../components/ui/TextLimit';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { clearDraft, draftKeys, loadDraft, useKeptDraft } from '../../../lib/drafts';
import { useNavigationGuard } from '../../../lib/navigation-guard';
import { officialGroups, standingIn, type OfficialGroup } from '../../../lib/policies';
import { communityQuery } from '../../communities';
import { canGoBackInApp } from '../../layout';
import { postKeys } from '../../posts';
import { useCurrentUser, useInitial } from '../../session';
import { useCreatePost, type NewPost } from '../api/create-post';
import { useEditPost } from '../api/edit-post';
import { fetchLinkTitle } from '../api/link-info';
import { saveAltText } from '../api/save-alt-text';
import { isValidUrl, newPostProblem, problemFromServer, titleProblem, type Problem } from '../draft-rules';
import { siteConfig } from '../../../app/site-config';
import { useImageUploads } from './use-image-uploads';

export type EditorMode = { kind: 'create'; communityName: string | null } | { kind: 'edit'; post: Post };

export type Speaking = 'normal' | OfficialGroup;

/** How long the URL field waits after typing stops before it looks up the page's title. */
const LINK_TITLE_DELAY_MS = 400;

/** What of an unsent post is kept on the device (images are not: their uploads are gone on reload). */
interface PostDraft {
  type: PostTypeName;
  title: string;
  body: string;
  url: string;
  community: string | null;
}

function postPath(post: Pick<Post, 'communityName' | 'publicId'>): string {
  return `/${post.communityName}/post/${post.publicId}`;
}

/**
 * The state and the actions of the post editor: the community (chosen, preselected or the post's), the
 * fields, the kept draft, the checks of core §5 in order, submitting, and the question before leaving
 * unsaved changes (Cancel, an in-app link, closing the tab).
 */
export function usePostEditor(mode: EditorMode) {
  const id = useId();
  const ids = {
    base: id,
    community: `${id}-community`,
    title: `${id}-title`,
    titleCount: `${id}-title-count`,
    body: `${id}-body`,
    bodyCount: `${id}-body-count`,
    url: `${id}-url`,
    panel: `${id}-panel`,
    error: `${id}-error`,
  };
  const user = useCurrentUser();
  const initial = useInitial();
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const post = mode.kind === 'edit' ? mode.post : null;
  const editing = post !== null;
  const viewer = user?.id ?? null;
  const draftKey = post ? draftKeys.editPost(post.publicId) : draftKeys.newPost;
  const [draft] = useState(() => loadDraft<PostDraft>(draftKey, viewer));

  // The community: the post's when editing; else chosen in the picker, or preselected by ?community=
  // (or by the kept draft).
  const preselect = mode.kind === 'create' ? (mode.communityName ?? draft?.community ?? null) : null;
  const [chosen, setChosen] = useState<CommunityWithoutMods | Community | null>(post?.community ?? null);
  const [preselectApplied, setPreselectApplied] = useState(preselect === null);
  const lookupName = chosen?.name ?? (preselectApplied ? null : preselect);
  const full = useQuery({
    ...communityQuery(lookupName ?? '', viewer),
    enabled: lookupName !== null && !editing,
  });
  if (!preselectApplied && (full.data || full.isError)) {
    setPreselectApplied(true);
    if (full.data) setChosen(full.data);
  }
  const community: CommunityWithoutMods | Community | null =
    post?.community ?? (full.data && chosen && full.data.id === chosen.id ? full.data : chosen);
  const standing = standingIn(user, community);

  const [type, setType] = useState<PostTypeName>(
    post?.type ?? (draft && draft.type !== 'image' ? draft.type : 'text'),
  );
  const [title, setTitle] = useState(draft?.title ?? post?.title ?? '');
  const [body, setBody] = useState(draft?.body ?? post?.body ?? '');
  const [url, setUrl] = useState(post?.link?.url ?? draft?.url ?? '');
  const titleLimit = useTextLimit(limits.postTitleMax);
  const bodyLimit = useTextLimit(limits.postBodyMax);
  const [speaking, setSpeaking] = useState<Speaking>(
    post && post.userGroup !== 'null' ? post.userGroup : 'normal',
  );
  const uploads = useImageUploads();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  /** The in-app navigation waiting for the answer to 'Are you sure you want to leave?'. */
  const pendingLeave = useRef<(() => void) | null>(null);
  const inFlight = useRef(false);
  const done = useRef(false);
  const focusUrlNext = useRef(false);
  const linkTitleFor = useRef<string | null>(null);

  const createPost = useCreatePost();
  const editPost = useEditPost(post?.publicId ?? '');

  const dirty = post
    ? title !== post.title || body !== (post.body ?? '')
    : title !== '' ||
      body !== '' ||
      url !== '' ||
      uploads.items.length > 0 ||
      (chosen !== null && chosen.name.toLowerCase() !== (preselect ?? '').toLowerCase());

  const draftValue = useMemo<PostDraft>(
    () => ({ type, title, body, url, community: chosen?.name ?? preselect }),
    [type, title, body, url, chosen, preselect],
  );
  const keepDraft = post ? dirty : title.trim() !== '' || body.trim() !== '' || url.trim() !== '';
  useKeptDraft(draftKey, viewer, draftValue, keepDraft);
  const discardDraft = () => clearDraft(draftKey, viewer);

  // In-app links and navigation away from unsaved changes ask first, as Cancel does.
  useNavigationGuard(dirty, (to, proceed) => {
    const here = search ? `${location}?${search}` : location;
    if (done.current || to === here) return proceed();
    pendingLeave.current = proceed;
    setConfirmLeave(true);
  });

  const clearProblem = (field: Problem['field']) => {
    if (problem?.field === field) setProblem(null);
  };

  /** Looks up the title of the page at `link` once, and fills the title if it is still empty. */
  const fillTitleFrom = (link: string) => {
    const target = link.trim();
    if (!isValidUrl(target) || linkTitleFor.current === target || title.trim() !== '') return;
    linkTitleFor.current = target;
    void fetchLinkTitle(target).then((found) => {
      if (found)
        setTitle((current) => (current.trim() === '' ? truncateChars(found, limits.postTitleMax) : current));
    });
  };

  const lookUpTitleLater = useEffectEvent(() => fillTitleFrom(url));
  useEffect(() => {
    if (type !== 'link' || editing) return;
    const timer = setTimeout(lookUpTitleLater, LINK_TITLE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [url, type, editing]);

  const addImages = (files: File[]) => {
    if (uploads.add(files)) clearProblem('images');
    else setProblem({ field: 'images', message: messages.posts.tooManyImages(siteConfig.maxImagesPerPost) });
  };
  // A problem with the images (too many, one without alt text) may be gone with the image: it is
  // checked again on Submit, not left standing over a gallery that no longer has it.
  const removeImage = (key: string) => {
    uploads.remove(key);
    clearProblem('images');
  };

  // Images pasted anywhere on the page join the image post, where the site has image posts.
  const onPasteImages = useEffectEvent((event: ClipboardEvent) => {
    if (editing || siteConfig.imagePostsDisabled) return;
    const files = [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith('image/'));
    if (files.length === 0) return;
    event.preventDefault();
    setType('image');
    addImages(files);
  });
  useEffect(() => {
    const listener = (event: ClipboardEvent) => onPasteImages(event);
    document.addEventListener('paste', listener);
    return () => document.removeEventListener('paste', listener);
  }, []);

  // Closing the tab or reloading with unsaved changes asks first (the browser's own question).
  useEffect(() => {
    if (!dirty) return;
    const listener = (event: BeforeUnloadEvent) => {
      if (done.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', listener);
    return () => window.removeEventListener('beforeunload', listener);
  }, [dirty]);

  /** A URL pasted into an empty body makes this a link post (core §2). */
  const onBodyPaste = (event: ReactClipboardEvent<HTMLTextAreaElement>) => {
    if (editing || type !== 'text' || body !== '') return;
    const text = event.clipboardData.getData('text/plain').trim();
    if (!isValidUrl(text)) return;
    event.preventDefault();
    focusUrlNext.current = true;
    setType('link');
    setUrl(text);
    fillTitleFrom(text);
  };

  /** The URL field takes the focus when a pasted link has just made this a link post. */
  const urlFieldRef = (element: HTMLInputElement | null) => {
    if (element && focusUrlNext.current) {
      focusUrlNext.current = false;
      element.focus();
    }
  };

  const chooseCommunity = (next: CommunityWithoutMods | null) => {
    setChosen(next);
    setPreselectApplied(true);
    if (speaking === 'mods') setSpeaking('normal');
    clearProblem('community');
  };

  const leave = () => {
    done.current = true;
    if (post) navigate(postPath(post));
    else if (canGoBackInApp()) window.history.back();
    else navigate(community ? `/${community.name}` : '/');
  };

  const cancel = () => {
    if (dirty) setConfirmLeave(true);
    else leave();
  };

  const showProblem = (found: Problem) => {
    setProblem(found);
    const target = {
      community: ids.community,
      title: ids.title,
      url: ids.url,
      images: null,
      form: null,
    }[found.field];
    if (target) document.getElementById(target)?.focus();
  };

  const submitEdit = async (editedPost: Post) => {
    const found = titleProblem(title);
    if (found) return showProblem(found);
    setProblem(null);
    setSubmitting(true);
    try {
      await editPost.mutateAsync({
        title: title.trim(),
        body: editedPost.type === 'text' ? body : (editedPost.body ?? ''),
        userGroup: editedPost.userGroup,
      });
      done.current = true;
      discardDraft();
      navigate(postPath(editedPost), { replace: true });
    } catch (error) {
      const mapped = problemFromServer(error, editedPost.type, siteConfig.maxImagesPerPost);
      if (mapped) showProblem(mapped);
      else showAlert(errorText(error), { tone: 'error' });
    } finally {
      setSubmitting(false);
    }
  };

  const submitNew = async () => {
    if (!user) return;
    // A community preselected by ?community= (or by the draft) may still be on its way when Submit is
    // pressed on a slow connection: wait for it, rather than answer 'Select a community first'.
    let target = community;
    if (!target && !preselectApplied && preselect) {
      setSubmitting(true);
      target = await queryClient.fetchQuery(communityQuery(preselect, viewer)).catch(() => null);
      setSubmitting(false);
    }
    const found = newPostProblem(
      {
        type,
        community: target,
        title,
        url,
        images: uploads.items.map((item) => ({ altText: item.altText, uploaded: item.image !== null })),
      },
      {
        points: user.points,
        isAdmin: user.isAdmin,
        isMod: standingIn(user, target)?.moderates === true,
        requireAltText: user.requireAltText === true,
      },
      { ...initial, maxImagesPerPost: siteConfig.maxImagesPerPost },
    );
    if (found) return showProblem(found);
    if (!target) return;
    setProblem(null);
    setSubmitting(true);
    try {
      const images = type === 'image' ? uploads.items : [];
      // Alt text is saved here, at submit, for the images whose text changed since upload.
      try {
        await Promise.all(
          images
            .filter((item) => item.image && item.altText.trim() !== item.savedAltText)
            .map(async (item) => {
              const altText = item.altText.trim();
              await saveAltText(item.image!.id, altText);
              uploads.markAltTextSaved(item.key, altText);
            }),
        );
      } catch (error) {
        showAlert(errorText(error), { tone: 'error' });
        return;
      }
      const newPost: NewPost = {
        type,
        title: title.trim(),
        body: type === 'text' ? body : '',
        community: target.name,
        userGroup: speaking,
        ...(type === 'image'
          ? { images: images.map((item) => ({ imageId: item.image!.id, caption: '' })) }
          : {}),
        ...(type === 'link' ? { url: url.trim() } : {}),
      };
      const created = await createPost.mutateAsync(newPost);
      done.current = true;
      discardDraft();
      void queryClient.invalidateQueries({ queryKey: postKeys.feeds });
      navigate(postPath(created), { replace: true });
    } catch (error) {
      const mapped = problemFromServer(error, type, siteConfig.maxImagesPerPost);
      if (mapped) showProblem(mapped);
      else showAlert(errorText(error), { tone: 'error' });
    } finally {
      setSubmitting(false);
    }
  };

  const submit = async () => {
    // A ref, not only the state: a second click or Ctrl+Enter in the same moment sees it at once.
    if (submitting || inFlight.current) return;
    inFlight.current = true;
    try {
      if (post) await submitEdit(post);
      else await submitNew();
    } finally {
      inFlight.current = false;
    }
  };

  const onConfirmLeaveChange = (open: boolean) => {
    if (!open) pendingLeave.current = null;
    setConfirmLeave(open);
  };

  const confirmLeaving = () => {
    const proceed = pendingLeave.current;
    pendingLeave.current = null;
    setConfirmLeave(false);
    discardDraft();
    done.current = true;
    if (proceed) proceed();
    else leave();
  };

  const invalid = (field: Problem['field']) => problem?.field === field;
  /** The field's own descriptions, after its error when it has one. */
  const describedBy = (field: Problem['field'], ...others: string[]) =>
    [invalid(field) ? ids.error : null, ...others].filter(Boolean).join(' ') || undefined;

  return {
    ids,
    post,
    editing,
    community,
    chooseCommunity,
    /** Besides 'normal': the groups the author may speak as here. */
    speakingGroups: officialGroups(standing),
    type,
    setType,
    title,
    setTitle: (value: string) => {
      setTitle(titleLimit.clip(value));
      clearProblem('title');
    },
    titleCut: titleLimit.cut,
    body,
    setBody: (value: string) => setBody(bodyLimit.clip(value)),
    bodyCut: bodyLimit.cut,
    onBodyPaste,
    url,
    setUrl: (value: string) => {
      setUrl(value);
      clearProblem('url');
    },
    urlFieldRef,
    lookUpTitle: () => fillTitleFrom(url),
    uploads,
    addImages,
    removeImage,
    speaking,
    setSpeaking,
    problem,
    invalid,
    describedBy,
    submitting,
    submit,
    cancel,
    confirmLeave,
    onConfirmLeaveChange,
    confirmLeaving,
  };
}

export type PostEditorState = ReturnType<typeof usePostEditor>;
