package main

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/cutoff-go/cutoff/exercises/checks"
	"github.com/cutoff-go/cutoff/internal/autograde"
	gradereport "github.com/cutoff-go/cutoff/internal/autograde/report"
)

// config is what run was asked for.
type config struct {
	module, out, key, hidden string
	weightsFile              string             // -weights: the instructor's points ("": the registry's)
	weights                  *autograde.Weights // read from it
	only                     *regexp.Regexp
	exercises                []checks.Exercise
	seed                     uint64
	graderRepo, graderRef    string // the Classroom workflow's grader checkout
	image                    string // PrairieLearn's grading image
	version                  string // the grader's version, stamped into each part's build ("": none known)
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	var c config
	var runRE string
	fset := flag.NewFlagSet("course", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	fset.StringVar(&c.out, "out", "", "the folder to write the course into (new or empty)")
	fset.StringVar(&runRE, "run", "", "the exercises to set (a regular expression on NN-topic; default all)")
	fset.StringVar(&c.key, "key", "", "the key: a folder of NN-topic/*.go solutions (default: the module's solutions/)")
	fset.StringVar(&c.hidden, "hidden", "", "the hidden tests: a folder of NN-topic/*_test.go (optional)")
	fset.StringVar(&c.weightsFile, "weights", "", "the instructor's points: a weights file, as cutoff grade -weights takes (optional; every platform grades with it)")
	fset.Uint64Var(&c.seed, "seed", 0, "the random trees' seed every platform grades with (default: one is chosen)")
	fset.StringVar(&c.module, "module", "", "the cutoff module to make it from (default: the one around the current folder)")
	fset.StringVar(&c.graderRepo, "grader-repo", "cutoff-go/cutoff", "the public repository GitHub Classroom's workflow grades with")
	fset.StringVar(&c.graderRef, "grader-ref", "", "its commit (default: the module's HEAD commit)")
	fset.StringVar(&c.image, "image", "YOUR-DOCKER-HUB-USER/cutoff-grader:latest", "PrairieLearn's grading image")
	if err := fset.Parse(args); errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stdout, "usage: go run ./exercises/platforms/course -out DIR [flags] (see docs/instructors.md)")
		fset.SetOutput(stdout)
		fset.PrintDefaults()
		return nil
	} else if err != nil {
		return fmt.Errorf("%v (course -h lists the flags)", err)
	}
	if fset.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (flags only)", fset.Arg(0))
	}
	if c.out == "" {
		return errors.New("-out DIR is required")
	}
	if entries, err := os.ReadDir(c.out); err == nil && len(entries) > 0 {
		return fmt.Errorf("-out %s: not empty", c.out)
	}
	var ok bool
	if c.module == "" {
		wd, _ := os.Getwd()
		if c.module, ok = autograde.ModuleRoot(wd); !ok {
			return errors.New("not inside the cutoff module: run it from the repository, or pass -module")
		}
	} else if c.module, ok = autograde.ModuleRoot(c.module); !ok {
		return fmt.Errorf("-module: not the cutoff module")
	}
	if runRE != "" {
		re, err := regexp.Compile(runRE)
		if err != nil {
			return fmt.Errorf("-run: %v", err)
		}
		c.only = re
	}
	for _, e := range checks.Exercises() {
		if c.only == nil || c.only.MatchString(e.Dir) {
			c.exercises = append(c.exercises, e)
		}
	}
	if len(c.exercises) == 0 {
		return fmt.Errorf("-run %q matches no exercise", runRE)
	}
	if c.only == nil {
		c.only = regexp.MustCompile(".")
	}
	if c.key == "" {
		c.key = filepath.Join(c.module, "solutions")
	}
	for _, e := range c.exercises {
		if files, _ := filepath.Glob(filepath.Join(c.key, e.Dir, "*.go")); len(files) == 0 {
			return fmt.Errorf("-key %s: no %s/*.go (the key must solve each exercise set)", c.key, e.Dir)
		}
	}
	if c.hidden != "" {
		if st, err := os.Stat(c.hidden); err != nil || !st.IsDir() {
			return fmt.Errorf("-hidden %s: not a folder", c.hidden)
		}
	}
	if c.weightsFile != "" {
		w, err := autograde.LoadWeights(c.weightsFile)
		if err != nil {
			return fmt.Errorf("-weights %s: %v", c.weightsFile, err)
		}
		c.weights = w
	}
	if c.seed == 0 {
		c.seed = checks.Seed()
	}
	if c.graderRef == "" {
		c.graderRef = "main"
		if out, err := exec.Command("git", "-C", c.module, "rev-parse", "HEAD").Output(); err == nil {
			c.graderRef = strings.TrimSpace(string(out))
		}
	}
	c.version = moduleVersion(c.module)
	_, statErr := os.Stat(c.out)
	created := os.IsNotExist(statErr)
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	if err := c.write(ctx, stdout); err != nil {
		// Nothing half made is left: the folder made goes, or what was
		// written into the empty one given.
		if created {
			os.RemoveAll(c.out)
		} else if entries, err := os.ReadDir(c.out); err == nil {
			for _, e := range entries {
				os.RemoveAll(filepath.Join(c.out, e.Name()))
			}
		}
		return err
	}
	return nil
}

// write writes the course's parts under c.out and says so on stdout.
func (c *config) write(ctx context.Context, stdout io.Writer) error {
	steps := []struct {
		what string
		do   func(context.Context, *config) error
	}{
		{"the private grader (grader/): the key and the hidden tests, graded", makeGrader},
		{"the students' template (template/), built and its tests compiled", makeTemplate},
		{"Gradescope (gradescope/NN-topic.zip)", makeGradescope},
		{"PrairieLearn (prairielearn/)", makePrairieLearn},
	}
	for _, s := range steps {
		if err := s.do(ctx, c); err != nil {
			return err
		}
		fmt.Fprintln(stdout, "course: wrote", s.what)
	}
	if err := os.WriteFile(filepath.Join(c.out, "README.md"), []byte(c.readme()), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "course: %s: %d exercise(s), seed %d; next steps in %s\n", c.out, len(c.exercises), c.seed, filepath.Join(c.out, "README.md"))
	return nil
}

// moduleVersion is the version cutoff grade built in module's repository
// would report (report.Version): its revision's first 12 hex digits,
// "+dirty" when the work tree has changes; "" without git. The platforms'
// copies have no .git: their scripts stamp it (versionName, report.StampVar).
func moduleVersion(module string) string {
	out, err := exec.Command("git", "-C", module, "rev-parse", "HEAD").Output()
	rev := strings.TrimSpace(string(out))
	if err != nil || rev == "" {
		return ""
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if st, err := exec.Command("git", "-C", module, "status", "--porcelain").Output(); err == nil && len(bytes.TrimSpace(st)) > 0 {
		rev += "+dirty"
	}
	return rev
}

// versionName is the file in the grader (and so in each Gradescope zip and
// the PrairieLearn image) that holds the grader's version for the scripts'
// builds to stamp.
const versionName = "GRADER_VERSION"

// names lists the exercises set.
func (c *config) names() []string {
	var n []string
	for _, e := range c.exercises {
		n = append(n, e.Dir)
	}
	return n
}

// runFlag is the -run value that grades the exercises set.
func (c *config) runFlag() string {
	var q []string
	for _, n := range c.names() {
		q = append(q, regexp.QuoteMeta(n))
	}
	return "^(" + strings.Join(q, "|") + ")$"
}

// goList returns the module's packages that pkgs need (their
// dependencies, with the tests' when tests), as folders relative to the
// module with the files a build reads.
func goList(module string, tests bool, pkgs ...string) (map[string][]string, error) {
	args := []string{"list", "-deps", "-json=Dir,ImportPath,Module,GoFiles,EmbedFiles,ForTest"}
	if tests {
		args = append(args, "-test")
	}
	cmd := exec.Command("go", append(args, pkgs...)...)
	cmd.Dir = module
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	dirs := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			Dir, ImportPath, ForTest string
			Module                   *struct{ Path string }
			GoFiles, EmbedFiles      []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		if p.Module == nil || p.Module.Path != autograde.ModulePath || p.ForTest != "" || strings.HasSuffix(p.ImportPath, ".test") {
			continue
		}
		rel, err := filepath.Rel(module, p.Dir)
		if err != nil {
			return nil, err
		}
		dirs[rel] = append(append([]string{}, p.GoFiles...), p.EmbedFiles...)
	}
	return dirs, nil
}

// copyPackages copies the listed files of each package folder.
func copyPackages(module, dst string, dirs map[string][]string) error {
	for dir, files := range dirs {
		for _, f := range files {
			if err := copyFile(filepath.Join(module, dir, f), filepath.Join(dst, dir, f)); err != nil {
				return err
			}
		}
	}
	return nil
}

// copyFile copies src to dst, making dst's folder.
func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(src); err == nil && st.Mode()&0o111 != 0 {
		mode = 0o755
	}
	return os.WriteFile(dst, b, mode)
}

// copyTree copies the regular files under src to dst, but those skip
// refuses (by path relative to src).
func copyTree(src, dst string, skip func(rel string, d fs.DirEntry) bool) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if rel != "." && skip != nil && skip(filepath.ToSlash(rel), d) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		return copyFile(p, filepath.Join(dst, rel))
	})
}

// hiddenName reports whether rel, a path under a folder, is a dot file.
func hiddenName(rel string, _ fs.DirEntry) bool {
	return strings.HasPrefix(filepath.Base(rel), ".")
}

// makeGrader writes grader/: the packages cutoff grade and the exercises'
// tests need, every exercise folder, the key as solutions/ and the hidden
// tests as hidden/; then grades the key with the hidden tests.
func makeGrader(ctx context.Context, c *config) error {
	dst := filepath.Join(c.out, "grader")
	pkgs := []string{"./cmd/cutoff", "./exercises/checks"}
	for _, e := range checks.Exercises() {
		pkgs = append(pkgs, "./exercises/"+e.Dir)
	}
	dirs, err := goList(c.module, true, pkgs...)
	if err != nil {
		return err
	}
	if err := copyPackages(c.module, dst, dirs); err != nil {
		return err
	}
	for _, f := range []string{"go.mod", "go.sum"} {
		if err := copyFile(filepath.Join(c.module, f), filepath.Join(dst, f)); err != nil {
			return err
		}
	}
	for _, e := range checks.Exercises() {
		if err := copyTree(filepath.Join(c.module, "exercises", e.Dir), filepath.Join(dst, "exercises", e.Dir), hiddenName); err != nil {
			return err
		}
	}
	keyOnly := func(rel string, d fs.DirEntry) bool {
		return hiddenName(rel, d) || (!d.IsDir() && !strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, ".md"))
	}
	if err := copyTree(c.key, filepath.Join(dst, "solutions"), keyOnly); err != nil {
		return fmt.Errorf("-key: %v", err)
	}
	if c.weightsFile != "" {
		// Every platform's part takes its copy (weightsName) and grades with it.
		if err := copyFile(c.weightsFile, filepath.Join(dst, weightsName)); err != nil {
			return fmt.Errorf("-weights: %v", err)
		}
	}
	if c.version != "" {
		if err := os.WriteFile(filepath.Join(dst, versionName), []byte(c.version+"\n"), 0o644); err != nil {
			return err
		}
	}
	with := []string{filepath.Join(dst, "solutions")}
	// An error names the key and the hidden tests as the instructor gave
	// them (-key, -hidden), not as their copies here.
	h := filepath.Join(dst, "hidden")
	given := func(msg string) string {
		r := []string{"-with " + filepath.Join(dst, "solutions"), "-key " + c.key, filepath.Join(dst, "solutions"), c.key}
		if c.hidden != "" {
			r = append(r, "-with "+h, "-hidden "+c.hidden, "-with:", "-hidden:", h, c.hidden)
		}
		return strings.NewReplacer(r...).Replace(msg)
	}
	if c.hidden != "" {
		if err := copyTree(c.hidden, h, hiddenName); err != nil {
			return fmt.Errorf("-hidden: %v", err)
		}
		opt := autograde.Options{Module: dst, With: []string{h}, Only: c.only, Seed: c.seed, Unsandboxed: true, Weights: c.weights}
		if err := autograde.CheckWith(ctx, opt); err != nil {
			return errors.New(given(err.Error()))
		}
		with = append(with, h)
	}
	// The key, with the hidden tests, must score full marks.
	res, err := autograde.Grade(ctx, filepath.Join(dst, "exercises"), autograde.Options{Module: dst, With: with, Only: regexp.MustCompile(c.runFlag()), Seed: c.seed, Unsandboxed: true, Weights: c.weights})
	if err != nil {
		return errors.New(given(err.Error()))
	}
	for _, e := range res.Exercises {
		if got, max := e.Score(); got != max || e.Error != "" {
			why := e.Error
			for _, ch := range e.Checks {
				if why == "" && !ch.Passed {
					why = ch.Name + ": " + strings.Join(ch.Message, " / ")
				}
			}
			return fmt.Errorf("-key %s: %s scores %d/%d: %s", c.key, e.Exercise, got, max, firstLine(given(why)))
		}
	}
	return os.WriteFile(filepath.Join(dst, "README.md"), []byte(graderReadme(c)), 0o644)
}

// weightsName is the weights file's name in the grader, the Gradescope
// autograders, the PrairieLearn questions' tests/ and (as
// .github/weights.json) the template; the platforms' scripts grade with it
// where it is.
const weightsName = "weights.json"

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// makeTemplate writes template/: the exercises set and what their tests
// import, a go.mod of their own (the standard library only), the
// Classroom workflow; then proves it builds and its tests compile.
func makeTemplate(ctx context.Context, c *config) error {
	dst := filepath.Join(c.out, "template")
	var pkgs []string
	for _, e := range c.exercises {
		pkgs = append(pkgs, "./exercises/"+e.Dir)
	}
	dirs, err := goList(c.module, true, pkgs...)
	if err != nil {
		return err
	}
	for dir := range dirs {
		if strings.HasPrefix(filepath.ToSlash(dir), "exercises/0") || dir == "solutions" || strings.HasPrefix(dir, "solutions"+string(filepath.Separator)) {
			delete(dirs, dir) // the exercise folders are copied whole below
		}
	}
	if err := copyPackages(c.module, dst, dirs); err != nil {
		return err
	}
	for _, e := range c.exercises {
		if err := copyTree(filepath.Join(c.module, "exercises", e.Dir), filepath.Join(dst, "exercises", e.Dir), hiddenName); err != nil {
			return err
		}
		// Its README, for a repository without cmd/cutoff or notebooks/.
		readme := filepath.Join(dst, "exercises", e.Dir, "README.md")
		if b, err := os.ReadFile(readme); err == nil {
			if err := os.WriteFile(readme, []byte(studentREADME(string(b), c)), 0o644); err != nil {
				return err
			}
		}
	}
	files := map[string]string{
		"go.mod":                          "module " + autograde.ModulePath + "\n\ngo 1.26\n",
		".gitignore":                      ".feedback/\n",
		"README.md":                       templateReadme(c),
		".github/workflows/classroom.yml": "",
	}
	wf, err := os.ReadFile(filepath.Join(c.module, "exercises", "platforms", "github-classroom", "classroom.yml"))
	if err != nil {
		return err
	}
	files[".github/workflows/classroom.yml"] = classroomWorkflow(string(wf), c)
	if c.weightsFile != "" {
		b, err := os.ReadFile(c.weightsFile)
		if err != nil {
			return fmt.Errorf("-weights: %v", err)
		}
		files[".github/"+weightsName] = string(b)
	}
	for name, text := range files {
		p := filepath.Join(dst, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			return err
		}
	}
	// Nothing of the key or the hidden tests may be in it.
	if err := leaks(dst, c); err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, "go", "vet", "./...")
	cmd.Dir = dst
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("the template does not build on its own: %s", firstLine(string(out)))
	}
	return nil
}

// leaks returns an error naming a file under dir that is a file of the key
// or of the hidden tests.
func leaks(dir string, c *config) error {
	secret := map[string]string{}
	for _, root := range []string{c.key, c.hidden} {
		if root == "" {
			continue
		}
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() && strings.HasSuffix(p, ".go") {
				if b, err := os.ReadFile(p); err == nil {
					secret[string(b)] = p
				}
			}
			return nil
		})
	}
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		if b, err := os.ReadFile(p); err == nil {
			if from, ok := secret[string(b)]; ok {
				return fmt.Errorf("%s is a copy of %s: the students' side must not hold it", p, from)
			}
		}
		return nil
	})
}

// classroomWorkflow is the Classroom workflow for the template: the grader
// pinned, the exercises set.
func classroomWorkflow(wf string, c *config) string {
	wf = strings.Replace(wf, "repository: cutoff-go/cutoff", "repository: "+c.graderRepo, 1)
	wf = strings.Replace(wf, "ref: main # better: a commit", "ref: "+c.graderRef, 1)
	flags := fmt.Sprintf("-run '%s' -seed %d", c.runFlag(), c.seed)
	if c.weightsFile != "" {
		flags += ` -weights "$GITHUB_WORKSPACE/student/.github/` + weightsName + `"`
	}
	wf = strings.Replace(wf, "cutoff grade -json", "cutoff grade -json "+flags, 1)
	if regexp.MustCompile(`^[0-9a-f]{12,40}$`).MatchString(c.graderRef) {
		// go run stamps no revision: the commit the workflow checks out.
		wf = strings.Replace(wf, "go run ./cmd/cutoff grade", fmt.Sprintf(`go run -ldflags "-X %s=%s" ./cmd/cutoff grade`, gradereport.StampVar, c.graderRef[:12]), 1)
	}
	return wf
}

// makeGradescope writes an autograder per exercise: its folder and its zip.
func makeGradescope(ctx context.Context, c *config) error {
	src := filepath.Join(c.module, "exercises", "platforms", "gradescope")
	for _, e := range c.exercises {
		dst := filepath.Join(c.out, "gradescope", e.Dir)
		for _, f := range []string{"setup.sh", "run_autograder"} {
			if err := copyFile(filepath.Join(src, f), filepath.Join(dst, f)); err != nil {
				return err
			}
			os.Chmod(filepath.Join(dst, f), 0o755)
		}
		env := fmt.Sprintf("# The assignment: its exercise and its seed (made by exercises/platforms/course).\nCUTOFF_RUN='^%s$'\nCUTOFF_SEED=%d\n", regexp.QuoteMeta(e.Dir), c.seed)
		if err := os.WriteFile(filepath.Join(dst, "assignment.env"), []byte(env), 0o644); err != nil {
			return err
		}
		if err := copyTree(filepath.Join(c.out, "grader"), filepath.Join(dst, "cutoff"), func(rel string, d fs.DirEntry) bool {
			// The hidden tests of this exercise only.
			return strings.HasPrefix(rel, "hidden/") && strings.Count(rel, "/") >= 1 && !strings.HasPrefix(rel, "hidden/"+e.Dir)
		}); err != nil {
			return err
		}
		if err := zipDir(dst, filepath.Join(c.out, "gradescope", e.Dir+".zip")); err != nil {
			return err
		}
	}
	return nil
}

// zipDir writes the files under dir into a zip at its root (Gradescope
// wants setup.sh and run_autograder there), keeping the executable bits.
func zipDir(dir, zipPath string) error {
	f, err := os.Create(zipPath)
	if err != nil {
		return err
	}
	w := zip.NewWriter(f)
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		st, err := d.Info()
		if err != nil {
			return err
		}
		h, err := zip.FileInfoHeader(st)
		if err != nil {
			return err
		}
		h.Name, h.Method = filepath.ToSlash(rel), zip.Deflate
		out, err := w.CreateHeader(h)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		_, err = out.Write(b)
		return err
	})
	if err2 := w.Close(); err == nil {
		err = err2
	}
	if err2 := f.Close(); err == nil {
		err = err2
	}
	return err
}

// makePrairieLearn writes the grading image's folder (the grader without
// the key or the hidden tests: an image on Docker Hub is public) and a
// question per exercise, its hidden tests in tests/.
func makePrairieLearn(ctx context.Context, c *config) error {
	src := filepath.Join(c.module, "exercises", "platforms", "prairielearn")
	img := filepath.Join(c.out, "prairielearn", "graderImage")
	if err := copyTree(filepath.Join(c.out, "grader"), filepath.Join(img, "cutoff"), func(rel string, d fs.DirEntry) bool {
		return rel == "solutions" || rel == "hidden" || rel == "README.md" || rel == weightsName // the weights: in each question's tests/
	}); err != nil {
		return err
	}
	if err := copyFile(filepath.Join(src, "Dockerfile"), filepath.Join(img, "Dockerfile")); err != nil {
		return err
	}
	if err := leaks(img, c); err != nil {
		return err
	}
	for _, e := range c.exercises {
		q := filepath.Join(c.out, "prairielearn", "questions", "cutoff-"+e.Dir)
		if err := copyFile(filepath.Join(src, "tests", "grade.sh"), filepath.Join(q, "tests", "grade.sh")); err != nil {
			return err
		}
		if c.weightsFile != "" {
			if err := copyFile(c.weightsFile, filepath.Join(q, "tests", weightsName)); err != nil {
				return err
			}
		}
		if c.hidden != "" {
			if _, err := os.Stat(filepath.Join(c.hidden, e.Dir)); err == nil {
				if err := copyTree(filepath.Join(c.hidden, e.Dir), filepath.Join(q, "tests", "hidden", e.Dir), hiddenName); err != nil {
					return err
				}
			}
		}
		stubs, _ := filepath.Glob(filepath.Join(c.module, "exercises", e.Dir, "*.go"))
		var file string
		for _, s := range stubs {
			if !strings.HasSuffix(s, "_test.go") {
				file = filepath.Base(s)
				if err := copyFile(s, filepath.Join(q, file)); err != nil {
					return err
				}
			}
		}
		info := map[string]any{
			"uuid": uuid(), "title": fmt.Sprintf("Cutoff, exercise %s", e.Dir), "topic": "Game-tree search",
			"tags": []string{"cutoff"}, "type": "v3", "singleVariant": true, "gradingMethod": "External",
			"externalGradingOptions": map[string]any{
				"enabled": true, "enableNetworking": false, "image": c.image, "entrypoint": "/grade/tests/grade.sh", "timeout": 120,
				"environment": map[string]string{"CUTOFF_EXERCISE": e.Dir, "CUTOFF_SEED": fmt.Sprint(c.seed)},
			},
		}
		b, _ := json.MarshalIndent(info, "", "  ")
		if err := os.WriteFile(filepath.Join(q, "info.json"), append(b, '\n'), 0o644); err != nil {
			return err
		}
		// The task: the exercise's README as the template's students get it,
		// in PrairieLearn's markdown block (the question shows it; its go
		// test lines are for a copy of one's own).
		readme, err := os.ReadFile(filepath.Join(c.module, "exercises", e.Dir, "README.md"))
		if err != nil {
			return err
		}
		html := fmt.Sprintf(`<pl-question-panel>
  <p>Exercise %s of Cutoff: write <code>%s</code> in the editor below, as the task says. Submit the file; the grader runs the course's checks (and the instructor's hidden ones) on it. (The task's <code>go test</code> lines are for a copy of the exercise on your own machine.)</p>
  <markdown>
%s
  </markdown>
</pl-question-panel>`, e.Dir, file, strings.ReplaceAll(studentREADME(string(readme), c), "</markdown>", "&lt;/markdown>"))
		html += fmt.Sprintf(`

<pl-file-editor file-name="%s" ace-mode="ace/mode/golang" source-file-name="%s"></pl-file-editor>
<pl-submission-panel>
  <pl-external-grader-results></pl-external-grader-results>
  <pl-file-preview></pl-file-preview>
</pl-submission-panel>
`, file, file)
		if err := os.WriteFile(filepath.Join(q, "question.html"), []byte(html), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// uuid returns a random UUID (version 4), as PrairieLearn's info.json wants.
func uuid() string {
	b := make([]byte, 16)
	rand.Read(b)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
