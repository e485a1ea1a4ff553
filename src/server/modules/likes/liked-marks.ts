/** Items as a signed-in viewer sees them: each video or artist says whether they like it. */
function markLiked<T extends { id: number }>(
  list: T[],
  liked: ReadonlySet<number>,
): (T & { isLiked: boolean })[] {
  return list.map((item) => ({ ...item, isLiked: liked.has(item.id) }));
}

export const markLikedVideos = markLiked;
export const markLikedArtists = markLiked;
