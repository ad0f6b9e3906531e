package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// PLACEHOLDER: replaced by the engineer who owns the stress command.
func newStressCmd(e *env) *cobra.Command {
	return &cobra.Command{Use: "stress", Short: "(not yet built)", RunE: func(*cobra.Command, []string) error {
		return errors.New("stress: not yet built")
	}}
}
