package quiz_test

import (
	"testing"

	"github.com/cutoff-go/cutoff/pkg/quiz"
)

// BenchmarkQuizzes measures building a quiz, as a notebook cell does: the
// tree parsed, the search recorded, the options and the explanations
// computed, and the self-contained HTML the static site shows.
//
//	go test -run '^$' -bench Quizzes ./pkg/quiz
func BenchmarkQuizzes(b *testing.B) {
	b.Run("never-evaluated", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			q, err := quiz.NeverEvaluated("aima-fig5.2")
			if err != nil {
				b.Fatal(err)
			}
			if _, err := q.HTML(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("window", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := quiz.Window("fig-6.9", "W"); err != nil {
				b.Fatal(err)
			}
		}
	})
}
