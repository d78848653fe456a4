// Package render draws recorded searches (see algos.Recorder) as pictures:
// pruned-tree diagrams in Graphviz's DOT language and SVG, step-through frames
// and a self-contained HTML player, decks for slides (Deck: a PDF with one
// page per step, an animated GIF, numbered PNG files, a Beamer frame with
// one overlay per step), and charts of node counts.
//
// It is the only package of Cutoff that links go-graphviz and gonum/plot;
// linking go-graphviz costs every process that imports it, so pkg/algos and
// pkg/gametree stay free of it.
package render
