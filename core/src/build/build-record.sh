# Prints the build record of msgd-lab (a Java properties file) on stdout; run by core/pom.xml at every
# build, read by org.msgdlab.core.claims.Provenance.currentCommit(). commit: the commit checked out;
# dirty: whether tracked files had uncommitted changes (untracked files, e.g. new results, do not count);
# why: when there is no commit, why not. Never fails: a build without git or outside a checkout says so.
echo '# msgd-lab build record (core/src/build/build-record.sh)'
if ! command -v git >/dev/null 2>&1; then
  echo 'why=git was not found on the PATH of the build'
  exit 0
fi
if head="$(git rev-parse --verify HEAD 2>&1)"; then
  echo "commit=$head"
  if changes="$(git --no-optional-locks status --porcelain --untracked-files=no 2>/dev/null)"; then
    if [ -n "$changes" ]; then
      echo 'dirty=true'
      # what the uncommitted changes were, as a hash of the diff of tracked files (two dirty builds differ
      # when their diffs do): recorded with every deep run (run.json "bits")
      if command -v sha256sum >/dev/null 2>&1; then
        echo "diff=$(git --no-optional-locks diff HEAD 2>/dev/null | sha256sum | cut -c1-64)"
      fi
    else
      echo 'dirty=false'
    fi
  fi
else
  echo "why=git rev-parse HEAD failed in $(pwd): $(printf '%s\n' "$head" | head -n 1)"
fi
exit 0
