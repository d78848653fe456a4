package site

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The notebooks' "your turn" cells run the learner's function from
// exercises/NN (pkg/course's YourTurn). In the site's executed notebooks a
// reader should see what a right answer looks like, so the build runs them
// with the key: keyKernel writes a copy of the GoNB kernel spec whose Go
// flags add an overlay (go build -overlay) that puts each solutions/NN file
// in place of the exercises/NN file of the same name. The notebooks' code
// is unchanged (the executed copies show the same cells); only what
// exercises/NN compiles to differs. Without a solutions folder (a
// student's copy of the repository) the stubs run.

// keyKernel writes, into dir, the overlay and a kernel spec "gonb" that is
// spec's with GOFLAGS extended by -overlay (and CUTOFF_SITE_KEY=1, so that
// the cells say the key ran), and returns the environment
// that makes Jupyter take it (JUPYTER_PATH with dir's kernels first) and
// how many files the overlay replaces. module is the module the notebooks
// build against (the notebooks' parent folder). No solutions: nil, 0.
func keyKernel(spec, module, dir string) ([]string, int, error) {
	replace := map[string]string{}
	keys, err := filepath.Glob(filepath.Join(module, "solutions", "[0-9][0-9]-*", "*.go"))
	if err != nil {
		return nil, 0, err
	}
	for _, key := range keys {
		rel, err := filepath.Rel(filepath.Join(module, "solutions"), key)
		if err != nil {
			return nil, 0, err
		}
		stub := filepath.Join(module, "exercises", rel)
		if _, err := os.Stat(stub); err == nil {
			replace[stub] = key
		}
	}
	if len(replace) == 0 {
		return nil, 0, nil
	}
	b, err := os.ReadFile(spec)
	if err != nil {
		return nil, 0, err
	}
	var k map[string]any
	if err := json.Unmarshal(b, &k); err != nil {
		return nil, 0, fmt.Errorf("the GoNB kernel spec %s: %v", spec, err)
	}
	overlay := filepath.Join(dir, "key-overlay.json")
	if strings.ContainsAny(overlay, " \t\n") {
		return nil, 0, fmt.Errorf("the key's overlay %q: GOFLAGS cannot hold a path with spaces", overlay)
	}
	ov, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return nil, 0, err
	}
	if err := os.WriteFile(overlay, ov, 0o644); err != nil {
		return nil, 0, err
	}
	env, _ := k["env"].(map[string]any)
	if env == nil {
		env = map[string]any{}
	}
	flags, _ := env["GOFLAGS"].(string)
	env["GOFLAGS"] = strings.TrimSpace(flags + " -overlay=" + overlay)
	// The your-turn cells say that the key ran, not the reader's code
	// (pkg/course's keyRun).
	env["CUTOFF_SITE_KEY"] = "1"
	k["env"] = env
	out, err := json.MarshalIndent(k, "", " ")
	if err != nil {
		return nil, 0, err
	}
	kdir := filepath.Join(dir, "kernels", "gonb")
	if err := os.MkdirAll(kdir, 0o755); err != nil {
		return nil, 0, err
	}
	if err := os.WriteFile(filepath.Join(kdir, "kernel.json"), out, 0o644); err != nil {
		return nil, 0, err
	}
	path := dir
	if p := os.Getenv("JUPYTER_PATH"); p != "" {
		path += string(os.PathListSeparator) + p
	}
	return []string{"JUPYTER_PATH=" + path}, len(replace), nil
}
