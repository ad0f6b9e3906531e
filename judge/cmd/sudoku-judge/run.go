package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// PLACEHOLDER: replaced by the engineer who owns the run command.
func newRunCmd(e *env) *cobra.Command {
	return &cobra.Command{Use: "run", Short: "(not yet built)", RunE: func(*cobra.Command, []string) error {
		return errors.New("run: not yet built")
	}}
}
