package testset

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/cutoff-go/cutoff/pkg/connect4"
)

// A Set is one of the six classes of test positions of Pons' benchmark
// (blog.gamesolver.org, part 2), defined by the moves already played and the
// moves that perfect play still lasts. This project's own sets (under
// testdata/connect4, see [GenerateSet]) follow the same definitions.
type Set struct {
	Name string // Pons' name, "End-Easy"
	File string // this project's file under testdata/connect4
	Pons string // the name of Pons' file, "Test_L3_R1"
	// Moves played, MinMoves ≤ moves ≤ MaxMoves.
	MinMoves, MaxMoves int
	// Remaining moves (see [Remaining]), MinRemaining ≤ r ≤ MaxRemaining.
	MinRemaining, MaxRemaining int
	// Lines is the number of positions in this project's file.
	Lines int
}

// Sets are Pons' six classes, easiest first, as his tutorial lists them.
var Sets = []Set{
	{"End-Easy", "end-easy.txt", "Test_L3_R1", 29, cells - 1, 0, 13, 1000},
	{"Middle-Easy", "middle-easy.txt", "Test_L2_R1", 15, 28, 0, 13, 1000},
	{"Middle-Medium", "middle-medium.txt", "Test_L2_R2", 15, 28, 14, 27, 1000},
	{"Begin-Easy", "begin-easy.txt", "Test_L1_R1", 1, 14, 0, 13, 1000},
	{"Begin-Medium", "begin-medium.txt", "Test_L1_R2", 1, 14, 14, 27, 1000},
	{"Begin-Hard", "begin-hard.txt", "Test_L1_R3", 1, 14, 28, cells, 100},
}

// Remaining returns how many moves perfect play still lasts after the side
// to move's next stone, for a position of moves stones whose score is
// score: a win with the k-th stone of the side to move ends the game after
// 2(k − its stones) − 1 more moves, a loss to the opponent's k-th stone after
// 2(k − its stones), a draw when the board is full; Remaining is one less.
// Pons' six test files put every line in its class by this count (his
// tutorial says "remaining moves" without the detail; a position with a win
// in one move has 0).
func Remaining(moves, score int) int {
	const stones = (cells + 2) / 2 // 22
	switch {
	case score > 0:
		return 2*(stones-score-moves/2) - 2
	case score < 0:
		return 2*(stones+score-(moves+1)/2) - 1
	}
	return cells - moves - 1
}

// Classify returns the set a position of moves stones and score belongs to.
func Classify(moves, score int) (Set, bool) {
	for _, s := range Sets {
		if r := Remaining(moves, score); s.MinMoves <= moves && moves <= s.MaxMoves &&
			s.MinRemaining <= r && r <= s.MaxRemaining {
			return s, true
		}
	}
	return Set{}, false
}

// cells is the number of cells of the board.
const cells = connect4.Width * connect4.Height

// minDrawn is the fewest moves of a drawn candidate: positions of 1–3 stones
// take a minute or more each to solve, and Pons' Begin sets hold few of them
// (81 of 3,000), so this project's sets have none.
const minDrawn = 4

// SetSeed is the seed of this project's test sets: GenerateSet with it and a
// solver of any options writes the files under testdata/connect4.
const SetSeed = 20261124

// A Line is one position of a test set: its move string and its score.
type Line struct {
	Moves string
	Score int
}

// ReadLines reads a test set: lines "moves score" (Pons' format, the files
// under testdata/connect4 and his). It checks the format, not the positions;
// an error names the line.
func ReadLines(r io.Reader) ([]Line, error) {
	var lines []Line
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		moves, score, ok := strings.Cut(sc.Text(), " ")
		v, err := strconv.Atoi(score)
		if !ok || err != nil || moves == "" {
			return lines, fmt.Errorf("connect4: line %d: %q is not \"moves score\"", len(lines)+1, sc.Text())
		}
		lines = append(lines, Line{Moves: moves, Score: v})
	}
	return lines, sc.Err()
}

// GenerateSet returns the positions of the sets whose moves range starts at
// minMoves (one "stage": End 29, Middle 15, Begin 1), drawn reproducibly from
// seed, each solved by s, and appended to the set it belongs to until that
// set has its Lines. A candidate is a random game: a number of moves drawn
// uniformly from the stage's range (from 4 on, see minDrawn), each move a uniformly random playable
// column; a game that ends on the way and a position drawn before are
// skipped. Begin-Hard candidates are told apart by a search of the score
// range that class allows (Between) before the exact score is needed, so
// that a full class costs little. progress, if not nil, is called after
// each position solved, with the set it was added to (a zero Set if none).
func GenerateSet(s *connect4.Solver, seed uint64, minMoves int, progress func(Set, Line)) (map[string][]Line, error) {
	var stage []Set
	for _, set := range Sets {
		if set.MinMoves == minMoves {
			stage = append(stage, set)
		}
	}
	if len(stage) == 0 {
		return nil, fmt.Errorf("connect4: no test set starts at %d moves", minMoves)
	}
	lo, hi := max(stage[0].MinMoves, minDrawn), stage[0].MaxMoves
	rng := rand.New(rand.NewPCG(seed, uint64(minMoves)))
	out := map[string][]Line{}
	seen := map[uint64]bool{}
	full := func() bool {
		for _, set := range stage {
			if len(out[set.Name]) < set.Lines {
				return false
			}
		}
		return true
	}
	buf := make([]byte, 0, cells)
	for !full() {
		n := lo + rng.IntN(hi-lo+1)
		p, moves := connect4.NewPosition(), buf[:0]
		for range n {
			var cols [7]int
			k := 0
			for c := range 7 {
				if p.CanPlay(c) {
					cols[k] = c
					k++
				}
			}
			c := cols[rng.IntN(k)]
			p = p.Play(c)
			moves = append(moves, byte('1'+c))
			if p.Over() {
				break
			}
		}
		if p.Over() || seen[p.Key()] {
			continue
		}
		seen[p.Key()] = true
		score, ok, err := classifyScore(s, p, stage, out)
		if err != nil {
			return nil, err
		}
		line := Line{string(moves), score}
		var set Set
		if ok {
			set, ok = Classify(n, score)
		}
		if !ok || len(out[set.Name]) >= set.Lines {
			if progress != nil {
				progress(Set{}, line)
			}
			continue
		}
		out[set.Name] = append(out[set.Name], line)
		if progress != nil {
			progress(set, line)
		}
	}
	return out, nil
}

// classifyScore returns p's exact score, or ok false for a Begin-Hard
// position when Begin-Hard is full. In the Begin stage it first asks whether
// the score lies in Begin-Hard's range [lo, hi] (those positions cost the
// most): while the class takes positions, one search of that range gives the
// score inside it exactly; once it is full, two null-window tests (above hi?
// not above lo − 1?) reject its positions without their score. Outside the
// range, one more search on the side the score lies on gives it exactly.
func classifyScore(s *connect4.Solver, p connect4.Position, stage []Set, out map[string][]Line) (score int, ok bool, err error) {
	s.Reset()
	var hard *Set
	for i := range stage {
		if stage[i].MinRemaining >= 28 {
			hard = &stage[i]
		}
	}
	var lo, hi int
	if hard != nil {
		lo, hi = scoreRange(p.Moves(), hard.MinRemaining, hard.MaxRemaining)
	}
	if hard == nil || lo > hi {
		r, err := s.Solve(p)
		return r.Score, err == nil, err
	}
	var r connect4.Result
	if len(out[hard.Name]) < hard.Lines {
		if r, err = s.Between(p, lo, hi); err != nil || (lo <= r.Score && r.Score <= hi) {
			return r.Score, err == nil, err
		}
	} else {
		above, _, err := s.Above(p, hi)
		if err != nil {
			return 0, false, err
		}
		r.Score = hi + 1
		if !above {
			if above, _, err = s.Above(p, lo-1); err != nil || above {
				return 0, false, err // Begin-Hard's
			}
			r.Score = lo - 1
		}
	}
	s.Reset()
	if r.Score < lo {
		r, err = s.Between(p, -cells, lo-1)
	} else {
		r, err = s.Between(p, hi+1, cells)
	}
	return r.Score, err == nil, err
}

// scoreRange returns the scores whose Remaining lies in [minR, maxR] for a
// position of moves stones, as one interval lo…hi (empty if lo > hi): the
// remaining count grows as the score nears 0 from either side.
func scoreRange(moves, minR, maxR int) (lo, hi int) {
	lo, hi = 1, 0
	for sc := -cells / 2; sc <= cells/2; sc++ {
		if r := Remaining(moves, sc); minR <= r && r <= maxR {
			if lo > hi {
				lo = sc
			}
			hi = sc
		}
	}
	return lo, hi
}
