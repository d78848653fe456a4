// Command genbook writes internal/c4play's opening book (book.bin) with
// pkg/connect4's solver: go generate ./internal/c4play runs it.
//
//	go run ./internal/c4play/genbook [-side x|o|both] [-plies 6] [-from book.bin] [-o book.bin] [-table 24]
//
// It writes the book after each level of plies, so an interrupted run
// leaves a book complete to the last level done, and reports each level's
// positions, negamax calls and time on standard error.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/cutoff-go/cutoff/internal/c4play"
	"github.com/cutoff-go/cutoff/pkg/connect4"
)

func main() {
	plies := flag.Int("plies", c4play.BookPliesX, "the most stones of a position in the book")
	out := flag.String("o", "book.bin", "the book's file")
	bits := flag.Int("table", 24, "the solver's table: 2^table entries of 8 bytes")
	side := flag.String("side", "both", "the solver's side in the book's games: x, o or both")
	from := flag.String("from", "", "a book to start from (its positions are kept, not solved again)")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "genbook: no arguments, only flags")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	o := connect4.Default()
	o.TableBits = *bits
	s, err := connect4.New(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "genbook:", err)
		os.Exit(2)
	}
	opt := c4play.BookOptions{Plies: *plies, X: *side == "x", O: *side == "o"}
	if *side != "x" && *side != "o" && *side != "both" {
		fmt.Fprintln(os.Stderr, "genbook: -side is x, o or both")
		os.Exit(2)
	}
	if *from != "" {
		data, err := os.ReadFile(*from)
		if err == nil {
			opt.Have, err = c4play.ParseBook(data)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "genbook:", err)
			os.Exit(2)
		}
	}
	begin, last := time.Now(), time.Now()
	var werr error
	opt.Progress = func(p c4play.BookProgress) {
		data := p.Book.Bytes()
		tmp := filepath.Join(filepath.Dir(*out), "."+filepath.Base(*out)+".tmp")
		if werr = os.WriteFile(tmp, data, 0o644); werr == nil {
			werr = os.Rename(tmp, *out)
		}
		if p.Position {
			fmt.Fprintf(os.Stderr, "  a position of %d stones: %d nodes; book %d positions, %v in all\n", p.Plies, p.Nodes, p.Book.Len(), time.Since(begin).Round(time.Second))
			return
		}
		fmt.Fprintf(os.Stderr, "plies %d: %d positions, %d nodes, %v; book %d positions, %d bytes, %v in all\n",
			p.Plies, p.Positions, p.Nodes, time.Since(last).Round(time.Millisecond), p.Book.Len(), len(data), time.Since(begin).Round(time.Second))
		last = time.Now()
	}
	_, err = c4play.GenerateBook(ctx, s, opt)
	if err == nil {
		err = werr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genbook:", err)
		os.Exit(1)
	}
}
