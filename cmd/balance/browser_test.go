package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"balance/stats"
)

// chromium returns the headless browser the HTML test uses: the
// BALANCE_CHROMIUM variable, or Debian's /usr/bin/chromium. Without one
// the test is skipped and says why, unless BALANCE_REQUIRE_BROWSER=1 (set
// by .ci/run, which installs it) makes that a failure.
func chromium(t testing.TB) string {
	t.Helper()
	return findChromium(t, os.Getenv("BALANCE_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser")
}

// findChromium is chromium looking at the given paths ("" is left out).
func findChromium(t testing.TB, paths ...string) string {
	t.Helper()
	var tried []string
	for _, p := range paths {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			return p
		}
		tried = append(tried, p)
	}
	where := "no Chromium found (looked for " + strings.Join(tried, ", ") + ")"
	if os.Getenv("BALANCE_REQUIRE_BROWSER") == "1" {
		t.Fatal(where + " and BALANCE_REQUIRE_BROWSER=1 requires one: set BALANCE_CHROMIUM, or install Debian's chromium package")
		return ""
	}
	t.Skip("skipped, the HTML reports are not checked in a browser: " + where +
		"; set BALANCE_CHROMIUM to a Chromium or install Debian's chromium package to run it (.ci/run requires it)")
	return ""
}

// tbRecorder is a testing.TB whose Skip and Fatal record their message
// and return.
type tbRecorder struct {
	testing.TB
	skipped, failed string
}

func (r *tbRecorder) Helper()           {}
func (r *tbRecorder) Skip(args ...any)  { r.skipped = fmt.Sprint(args...) }
func (r *tbRecorder) Fatal(args ...any) { r.failed = fmt.Sprint(args...) }

// Without Chromium the HTML test skips and says why; with
// BALANCE_REQUIRE_BROWSER=1 it fails.
func TestChromiumMissing(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "chromium")
	t.Setenv("BALANCE_REQUIRE_BROWSER", "")
	r := &tbRecorder{TB: t}
	if p := findChromium(r, "", missing); p != "" || r.failed != "" || !strings.Contains(r.skipped, "skipped") || !strings.Contains(r.skipped, missing) {
		t.Errorf("without Chromium: path %q, skipped %q, failed %q", p, r.skipped, r.failed)
	}
	t.Setenv("BALANCE_REQUIRE_BROWSER", "1")
	r = &tbRecorder{TB: t}
	if p := findChromium(r, "", missing); p != "" || r.skipped != "" || !strings.Contains(r.failed, "BALANCE_REQUIRE_BROWSER=1") {
		t.Errorf("without Chromium, required: path %q, skipped %q, failed %q", p, r.skipped, r.failed)
	}
}

// renderedDOM loads a page in headless Chromium, in a window 1,400 px
// wide, and returns its DOM after the load event.
func renderedDOM(t *testing.T, browser, page string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
		"--user-data-dir="+t.TempDir(), "--window-size=1400,900", "--virtual-time-budget=5000", "--dump-dom", "file://"+page)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium on %s: %v", page, err)
	}
	return string(out)
}

var (
	plotsShown = regexp.MustCompile(`data-plots-shown="(\d+)"`)
	tableWidth = regexp.MustCompile(`data-table-width="(\d+)"`)
	pageWidth  = regexp.MustCompile(`data-page-width="(\d+)"`)
	hrefs      = regexp.MustCompile(`href="([^"]*)"`)
)

// TestHTMLReportsInBrowser writes the HTML report of run, sweep, compare,
// tune, sensitivity, skill and the default analysis's index, opens each in
// headless Chromium, and checks that the key figures are in the page and
// that every plot was laid out with a size; and that the index links only
// to HTML reports and fits a 1,400 px window.
func TestHTMLReportsInBrowser(t *testing.T) {
	browser := chromium(t)
	dir := t.TempDir()
	mustRun := func(args ...string) string {
		t.Helper()
		code, out, errb := balance(t, args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errb)
		}
		return out
	}
	mustRun("run", "-hunts", "2000", "-quiet", "-out", filepath.Join(dir, "run"))
	var sum struct {
		Wins []struct {
			Rate stats.Interval `json:"rate"`
		} `json:"wins"`
	}
	b, err := os.ReadFile(filepath.Join(dir, "run", "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &sum); err != nil {
		t.Fatal(err)
	}
	mustRun("sweep", "-param", "adversary.def=5..7", "-hunts", "1000", "-quiet", "-out", filepath.Join(dir, "sweep"))
	mustRun("sensitivity", "-hunts", "1000", "-quiet", "-out", filepath.Join(dir, "sens"))
	mustRun("tune", "-param", "adversary.def=4..8", "-target", "win=0.45..0.99", "-hunts", "1000", "-quiet", "-out", filepath.Join(dir, "tune"))
	cmpOut := mustRun("compare", "wandering-son", "-set", "adversary.def=7", "-hunts", "1000", "-quiet", "-html", filepath.Join(dir, "compare.html"))
	mustRun("skill", "-adversary", "wandering-son", "-hunts", "40", "-quiet", "-out", filepath.Join(dir, "skill"))
	mustRun("analyze", "-hunts", "1000", "-skill-hunts", "10", "-quiet", "-out", filepath.Join(dir, "analysis"))

	for _, c := range []struct {
		page  string
		plots int
		want  []string
	}{
		{"run/summary.html", 10, []string{"Pack win rate", "Seed", "Wandering Son", "What each part does", "Rock Throw (K♠ K♦ K♣)", "How the hunts felt",
			"<summary>WNDs dealt to the Adversary by tick: ", "<summary>Pack models alive by tick: "}},
		{"sweep/sweep.html", 10, []string{"adversary.def", "McNemar p", "Seed"}},
		{"sens/sensitivity.html", 1, []string{"DEF", "Lower Limbs WND", "Seed"}},
		{"tune/sweep.html", 10, []string{"adversary.def", "Seed"}},
		{"compare.html", 4, []string{"Change B - A: Pack wins", "McNemar p", "Variance reduction", "Seed", "Outcomes, the same 1000 hunts", "Change B - A, paired on the same 1000 hunts"}},
		{"skill/skill.html", 1, []string{"Skill trace: Wandering Son", "Paired comparisons", "McNemar p"}},
		{"analysis/index.html", 1, []string{"Every run: Pack win rate and hunt length (5 runs)", "A Creature Wreathed in Light", "What matters most"}},
	} {
		path := filepath.Join(dir, c.page)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "http://") && !strings.Contains(string(src), "http://www.w3.org/") {
			t.Errorf("%s: refers to an outside address; the page must be self-contained", c.page)
		}
		dom := renderedDOM(t, browser, path)
		m := plotsShown.FindStringSubmatch(dom)
		if m == nil {
			t.Fatalf("%s: the page's load script did not run:\n%.400s", c.page, dom)
		}
		if got := strings.Count(string(src), `<figure class="plot"`); got != c.plots || m[1] != itoa(c.plots) {
			t.Errorf("%s: %s plots shown of %d in the page, want %d", c.page, m[1], got, c.plots)
		}
		for _, w := range c.want {
			if !strings.Contains(dom, w) {
				t.Errorf("%s: the page does not show %q", c.page, w)
			}
		}
	}
	// The index fits a 1,400 px window and links to HTML reports only:
	// each Adversary's summary.html and skill.html, which exist.
	index := filepath.Join(dir, "analysis", "index.html")
	idom := renderedDOM(t, browser, index)
	for _, re := range []*regexp.Regexp{tableWidth, pageWidth} {
		m := re.FindStringSubmatch(idom)
		if m == nil {
			t.Fatalf("index.html: the load script recorded no %s", re)
		}
		if w, _ := strconv.Atoi(m[1]); w > 1400 {
			t.Errorf("index.html: %s is %d px, wider than the 1,400 px window", re, w)
		}
	}
	src, _ := os.ReadFile(index)
	links := 0
	for _, m := range hrefs.FindAllStringSubmatch(string(src), -1) {
		if !strings.HasSuffix(m[1], ".html") && !strings.HasSuffix(m[1], ".json") {
			t.Errorf("index.html links to %s, not to an HTML report", m[1])
		}
		if _, err := os.Stat(filepath.Join(dir, "analysis", filepath.FromSlash(m[1]))); err != nil {
			t.Errorf("index.html links to %s: %v", m[1], err)
		}
		if strings.HasSuffix(m[1], "skill.html") || strings.HasSuffix(m[1], "summary.html") {
			links++
		}
	}
	if links < 10 {
		t.Errorf("index.html has %d links to summary.html and skill.html, want those of 5 Adversaries", links)
	}
	// The key figures: the run's Pack win rate as its report prints it,
	// and compare's paired change as compare printed it.
	dom := renderedDOM(t, browser, filepath.Join(dir, "run", "summary.html"))
	if want := sum.Wins[0].Rate.PercentBounds(); !strings.Contains(dom, want) {
		t.Errorf("run page lacks the Pack win rate %s", want)
	}
	line := cmpOut[strings.Index(cmpOut, "Change B - A: Pack wins"):]
	line = strings.TrimSpace(strings.TrimPrefix(line[:strings.IndexByte(line, '\n')], "Change B - A: Pack wins"))
	change := line[:strings.Index(line, " (paired")]
	if dom := renderedDOM(t, browser, filepath.Join(dir, "compare.html")); !strings.Contains(dom, change) {
		t.Errorf("compare page lacks the change %q", change)
	}
}
