package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// PLACEHOLDER: replaced by the engineer who owns the bench command.
func newBenchCmd(e *env) *cobra.Command {
	return &cobra.Command{Use: "bench", Short: "(not yet built)", RunE: func(*cobra.Command, []string) error {
		return errors.New("bench: not yet built")
	}}
}
