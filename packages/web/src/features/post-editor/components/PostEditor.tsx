import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent as ReactClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  charLength,
  limits,
  messages,
  truncateChars,
  type Community,
  type CommunityWithoutMods,
  type Post,
  type PostTypeName,
  type UserGroupName,
} from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Icon } from '../../../components/ui/Icon';
import { isNearLimit, TextLimit, useTextLimit } from '../../../components/ui/TextLimit';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { clearDraft, draftKeys, loadDraft, useKeptDraft } from '../../../lib/drafts';
import { useNavigationGuard } from '../../../lib/navigation-guard';
import { CommunityPicker, communityQuery } from '../../communities';
import { canGoBackInApp } from '../../layout';
import { postKeys } from '../../posts';
import { useCurrentUser, useInitial } from '../../session';
import { useCreatePost, type NewPost } from '../api/create-post';
import { useEditPost } from '../api/edit-post';
import { fetchLinkTitle } from '../api/link-info';
import { saveAltText } from '../api/save-alt-text';
import { EditorSidebar } from './EditorSidebar';
import { ImageUploader } from './ImageUploader';
import { isValidUrl, newPostProblem, problemFromServer, titleProblem, type Problem } from '../draft-rules';
import { siteConfig } from '../../../app/site-config';
import styles from './PostEditor.module.css';
import { useImageUploads } from './use-image-uploads';

export type EditorMode = { kind: 'create'; communityName: string | null } | { kind: 'edit'; post: Post };

// A site with image posts turned off has no Image tab.
const TABS: { type: PostTypeName; label: string }[] = [
  { type: 'text' as const, label: 'Text' },
  { type: 'image' as const, label: 'Image' },
  { type: 'link' as const, label: 'Link' },
].filter((tab) => tab.type !== 'image' || !siteConfig.imagePostsDisabled);

/** How long the URL field waits after typing stops before it looks up the page's title. */
const LINK_TITLE_DELAY_MS = 400;

type Speaking = Extract<UserGroupName, 'normal' | 'mods' | 'admins'>;

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
 * The post editor (core §2 "Post create and edit screen"): a community chosen by search, the Text,
 * Image and Link tabs, title and body (markdown), images with upload progress and alt text, a link whose
 * page title fills an empty title, speaking as moderator or admin, the checks of core §5 in order, and
 * the chosen community's description and rules beside it. Ctrl+Enter (Cmd+Enter) submits; Cancel, an
 * in-app link or closing the tab asks before dropping changes, and the unsent text is kept on the device
 * until it is sent or discarded. Editing changes only the title and the body.
 */
export function PostEditor({ mode }: { mode: EditorMode }) {
  const id = useId();
  const ids = {
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
  const isMod = community?.userMod === true;
  const isAdmin = user?.isAdmin === true;

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
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
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

  // Images pasted anywhere on the page join the image post.
  const onPasteImages = useEffectEvent((event: ClipboardEvent) => {
    if (editing) return;
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

  const onChooseCommunity = (next: CommunityWithoutMods | null) => {
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
    const found = newPostProblem(
      {
        type,
        community,
        title,
        url,
        images: uploads.items.map((item) => ({ altText: item.altText, uploaded: item.image !== null })),
      },
      { points: user.points, isAdmin, isMod, requireAltText: user.requireAltText === true },
      { ...initial, maxImagesPerPost: siteConfig.maxImagesPerPost },
    );
    if (found) return showProblem(found);
    if (!community) return;
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
        community: community.name,
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

  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setType(TABS[next]!.type);
    tabRefs.current[next]?.focus();
  };

  const errorFor = (field: Problem['field']) =>
    problem?.field === field ? (
      <p id={ids.error} className={styles.error} role="alert">
        {problem.message}
      </p>
    ) : null;
  const invalid = (field: Problem['field']) => problem?.field === field;
  const describedBy = (field: Problem['field'], ...others: string[]) =>
    [problem?.field === field ? ids.error : null, ...others].filter(Boolean).join(' ') || undefined;

  const activeTab = TABS.findIndex((tab) => tab.type === type);

  return (
    <div className={styles.page}>
      <div className={styles.main}>
        <h1 className={styles.heading}>{editing ? 'Edit post' : 'Create post'}</h1>
        {editing && (
          <p className={styles.lead}>
            Only the title{post.type === 'text' ? ' and the body' : ''} can be changed.
          </p>
        )}
        <form
          className={styles.form}
          noValidate
          aria-label={editing ? 'Edit post' : 'Create post'}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void submit();
          }}
          onKeyDown={onFormKeyDown}
        >
          <div className={styles.field}>
            <CommunityPicker
              id={ids.community}
              label="Community"
              value={community}
              onChange={onChooseCommunity}
              disabled={editing}
              invalid={invalid('community')}
              describedBy={describedBy('community')}
              placeholder="Choose a community"
            />
            {errorFor('community')}
          </div>

          <div className={styles.card}>
            <div role="tablist" aria-label="Post type" className={styles.tabs}>
              {TABS.map((tab, i) => (
                <button
                  key={tab.type}
                  ref={(element) => {
                    tabRefs.current[i] = element;
                  }}
                  type="button"
                  role="tab"
                  id={`${id}-tab-${tab.type}`}
                  aria-selected={i === activeTab}
                  aria-controls={ids.panel}
                  tabIndex={i === activeTab ? 0 : -1}
                  disabled={editing}
                  className={`${styles.tab} ${i === activeTab ? styles.tabActive : ''}`}
                  onClick={() => setType(tab.type)}
                  onKeyDown={(event) => onTabKeyDown(event, i)}
                >
                  {tab.label}
                </button>
              ))}
            </div>

            <div
              role="tabpanel"
              id={ids.panel}
              aria-labelledby={`${id}-tab-${type}`}
              className={styles.panel}
            >
              <div className={styles.field}>
                <div className={styles.labelRow}>
                  <label htmlFor={ids.title} className={styles.label}>
                    Title
                  </label>
                  <span id={ids.titleCount} className={styles.counter}>
                    <span className="visually-hidden">Characters used: </span>
                    {charLength(title)}/{limits.postTitleMax}
                  </span>
                </div>
                <input
                  id={ids.title}
                  className={`${styles.input} ${invalid('title') ? styles.invalid : ''}`}
                  value={title}
                  autoComplete="off"
                  aria-invalid={invalid('title') || undefined}
                  aria-describedby={describedBy('title', ids.titleCount)}
                  onChange={(event) => {
                    setTitle(titleLimit.clip(event.target.value));
                    clearProblem('title');
                  }}
                />
                <TextLimit
                  id={`${ids.title}-left`}
                  value={title}
                  max={limits.postTitleMax}
                  cut={titleLimit.cut}
                  counter={false}
                />
                {errorFor('title')}
              </div>

              {type === 'text' && (!post || post.type === 'text') && (
                <div className={styles.field}>
                  <div className={styles.labelRow}>
                    <label htmlFor={ids.body} className={styles.label}>
                      Body <span className={styles.optional}>(optional)</span>
                    </label>
                    <a href="/markdown-guide" target="_blank" rel="noopener" className={styles.helpLink}>
                      Markdown help
                      <Icon name="external" size={14} label="(opens in a new tab)" />
                    </a>
                  </div>
                  <textarea
                    id={ids.body}
                    className={styles.textarea}
                    rows={9}
                    value={body}
                    aria-describedby={isNearLimit(body, limits.postBodyMax) ? ids.bodyCount : undefined}
                    onChange={(event) => setBody(bodyLimit.clip(event.target.value))}
                    onPaste={onBodyPaste}
                  />
                  <TextLimit id={ids.bodyCount} value={body} max={limits.postBodyMax} cut={bodyLimit.cut} />
                </div>
              )}

              {type === 'image' &&
                (post ? (
                  <ul className={styles.thumbs} aria-label="Images">
                    {post.images.map((image, i) => (
                      <li key={image.id} className={styles.thumb}>
                        <div className={styles.thumbImage}>
                          <img
                            src={image.copies.find((copy) => copy.name === 'small')?.url ?? image.url}
                            alt={image.altText ?? `Image ${i + 1}`}
                          />
                        </div>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <div className={styles.field}>
                    <ImageUploader
                      items={uploads.items}
                      onAdd={addImages}
                      onRemove={uploads.remove}
                      onAltText={uploads.setAltText}
                      invalid={invalid('images')}
                      describedBy={describedBy('images')}
                    />
                    {errorFor('images')}
                  </div>
                ))}

              {type === 'link' && (
                <div className={styles.field}>
                  <label htmlFor={ids.url} className={styles.label}>
                    URL
                  </label>
                  <input
                    id={ids.url}
                    ref={(element) => {
                      if (element && focusUrlNext.current) {
                        focusUrlNext.current = false;
                        element.focus();
                      }
                    }}
                    className={`${styles.input} ${invalid('url') ? styles.invalid : ''}`}
                    type="url"
                    inputMode="url"
                    placeholder="https://"
                    autoComplete="off"
                    spellCheck={false}
                    value={url}
                    disabled={editing}
                    aria-invalid={invalid('url') || undefined}
                    aria-describedby={describedBy('url')}
                    onChange={(event) => {
                      setUrl(event.target.value);
                      clearProblem('url');
                    }}
                    onBlur={() => fillTitleFrom(url)}
                  />
                  {errorFor('url')}
                </div>
              )}
            </div>
          </div>

          {(isMod || isAdmin) && (
            <fieldset className={styles.speaking} disabled={editing}>
              <legend className="visually-hidden">Speaking officially</legend>
              {isMod && (
                <label className={styles.checkbox}>
                  <input
                    type="checkbox"
                    checked={speaking === 'mods'}
                    onChange={(event) => setSpeaking(event.target.checked ? 'mods' : 'normal')}
                  />
                  {messages.posts.speakingAsMod}
                </label>
              )}
              {isAdmin && (
                <label className={styles.checkbox}>
                  <input
                    type="checkbox"
                    checked={speaking === 'admins'}
                    onChange={(event) => setSpeaking(event.target.checked ? 'admins' : 'normal')}
                  />
                  {messages.posts.speakingAsAdmin}
                </label>
              )}
            </fieldset>
          )}

          {errorFor('form')}

          <div className={styles.actions}>
            <p className={styles.shortcut}>
              <kbd>Ctrl</kbd> + <kbd>Enter</kbd> submits
            </p>
            <Button onClick={cancel}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={submitting} aria-busy={submitting || undefined}>
              {submitting ? 'Submitting…' : 'Submit'}
            </Button>
          </div>
        </form>
      </div>

      <aside className={styles.aside} aria-label="Community">
        <EditorSidebar community={community} />
      </aside>

      <ConfirmDialog
        open={confirmLeave}
        onOpenChange={(open) => {
          if (!open) pendingLeave.current = null;
          setConfirmLeave(open);
        }}
        title={messages.posts.leaveConfirm}
        confirmLabel="Leave"
        danger
        onConfirm={() => {
          const proceed = pendingLeave.current;
          pendingLeave.current = null;
          setConfirmLeave(false);
          discardDraft();
          done.current = true;
          if (proceed) proceed();
          else leave();
        }}
      />
    </div>
  );
}
