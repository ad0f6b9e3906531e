package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// PLACEHOLDER: replaced by the engineer who owns the solve command.
func newSolveCmd(e *env) *cobra.Command {
	return &cobra.Command{Use: "solve", Short: "(not yet built)", RunE: func(*cobra.Command, []string) error {
		return errors.New("solve: not yet built")
	}}
}
