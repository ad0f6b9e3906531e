package kattis

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Config is a package's problem.yaml: the legacy format, which
// problemtools v1.20231016 checks, and the fields of the 2023-07 format
// that judging needs. Values the file leaves out have the format's
// defaults.
type Config struct {
	// FormatVersion is problem_format_version: "legacy" when absent, or
	// "2023-07-draft" (or "2023-07").
	FormatVersion string
	Name          string // the English name, or the only one
	Type          string // "pass-fail" or "scoring" (2023-07: also "interactive", ...)
	Author        string
	Source        string
	SourceURL     string
	License       string
	RightsOwner   string
	// Validation is the legacy "default" or "custom" followed by its
	// parameters ("custom interactive").
	Validation string
	// ValidatorFlags are passed to the output validator, after its three
	// arguments, on every test: legacy validator_flags.
	ValidatorFlags []string
	Limits         Limits
}

// Limits are problem.yaml's limits.
type Limits struct {
	// TimeLimit is 2023-07's limits.time_limit in seconds, 0 when the
	// package leaves the time limit to be found from its accepted
	// submissions (legacy: their slowest time × TimeMultiplier).
	TimeLimit        float64
	TimeMultiplier   float64 // legacy time_multiplier: 5 unless set
	TimeSafetyMargin float64 // legacy time_safety_margin: 2 unless set
	Memory           int     // MiB
	Output           int     // MiB
}

// Default limits of the format where problem.yaml sets none.
const (
	defaultTimeMultiplier   = 5
	defaultTimeSafetyMargin = 2
	defaultMemoryLegacy     = 1024 // MiB
	defaultMemory2023       = 2048 // MiB
	defaultOutput           = 8    // MiB
)

// legacyFields and fields2023 are the top-level keys of problem.yaml in
// each version; any other key is a warning, as problemtools says.
var (
	legacyFields = []string{"name", "type", "author", "source", "source_url", "license", "rights_owner",
		"validation", "validator_flags", "limits", "keywords", "grading", "languages", "libraries",
		"input_validator_flags", "output_validator_flags", "uuid", "problem_format_version"}
	fields2023 = []string{"problem_format_version", "type", "name", "uuid", "version", "credits", "source",
		"license", "rights_owner", "embargo_until", "limits", "keywords", "languages", "allow_file_writing",
		"constants"}
)

// parseConfig reads problem.yaml. Unknown keys are warnings, as in
// problemtools; values of the wrong kind are errors naming the key.
func parseConfig(b []byte) (Config, []error, error) {
	var raw map[string]any
	if err := yaml.Unmarshal(b, &raw); err != nil {
		return Config{}, nil, fmt.Errorf("problem.yaml: %w", err)
	}
	r := reader{m: raw}
	c := Config{FormatVersion: r.str("problem_format_version")}
	known := legacyFields
	switch c.FormatVersion {
	case "":
		c.FormatVersion = "legacy"
	case "legacy":
	case "2023-07", "2023-07-draft":
		known = fields2023
	default:
		return Config{}, nil, fmt.Errorf("problem.yaml: problem_format_version %q: want legacy or 2023-07", c.FormatVersion)
	}
	var warnings []error
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !slices.Contains(known, k) {
			warnings = append(warnings, fmt.Errorf("problem.yaml: unknown field %q (%s format)", k, c.FormatVersion))
		}
	}

	c.Name = r.name("name")
	c.Type = r.str("type")
	if c.Type == "" {
		c.Type = "pass-fail"
	}
	c.Author = r.str("author")
	c.License = strings.ToLower(r.str("license"))
	c.RightsOwner = r.str("rights_owner")
	if src, ok := raw["source"].(map[string]any); ok { // 2023-07: {name, url}
		s := reader{m: src}
		c.Source, c.SourceURL = s.str("name"), s.str("url")
	} else {
		c.Source, c.SourceURL = r.str("source"), r.str("source_url")
	}
	c.Validation = r.str("validation")
	if c.Validation == "" {
		c.Validation = "default"
	}
	c.ValidatorFlags = strings.Fields(r.str("validator_flags"))

	c.Limits = Limits{TimeMultiplier: defaultTimeMultiplier, TimeSafetyMargin: defaultTimeSafetyMargin,
		Memory: defaultMemoryLegacy, Output: defaultOutput}
	if c.FormatVersion != "legacy" {
		c.Limits.Memory = defaultMemory2023
	}
	if l, ok := raw["limits"]; ok {
		lm, ok := l.(map[string]any)
		if !ok {
			return Config{}, nil, fmt.Errorf("problem.yaml: limits: want a mapping, got %v", l)
		}
		lr := reader{m: lm, prefix: "limits."}
		c.Limits.TimeLimit = lr.num("time_limit", 0)
		c.Limits.TimeMultiplier = lr.num("time_multiplier", c.Limits.TimeMultiplier)
		c.Limits.TimeSafetyMargin = lr.num("time_safety_margin", c.Limits.TimeSafetyMargin)
		if tm, ok := lm["time_multipliers"].(map[string]any); ok { // 2023-07
			tr := reader{m: tm, prefix: "limits.time_multipliers."}
			c.Limits.TimeMultiplier = tr.num("ac_to_time_limit", 2)
			c.Limits.TimeSafetyMargin = tr.num("time_limit_to_tle", 1.5)
		}
		c.Limits.Memory = int(lr.num("memory", float64(c.Limits.Memory)))
		c.Limits.Output = int(lr.num("output", float64(c.Limits.Output)))
		if lr.err != nil {
			return Config{}, nil, lr.err
		}
	}
	if r.err != nil {
		return Config{}, nil, r.err
	}
	switch {
	case c.Limits.TimeLimit < 0:
		return Config{}, nil, fmt.Errorf("problem.yaml: limits.time_limit %v: want a positive number of seconds", c.Limits.TimeLimit)
	case c.Limits.Memory <= 0:
		return Config{}, nil, fmt.Errorf("problem.yaml: limits.memory %d: want a positive number of MiB", c.Limits.Memory)
	case c.Limits.Output <= 0:
		return Config{}, nil, fmt.Errorf("problem.yaml: limits.output %d: want a positive number of MiB", c.Limits.Output)
	case c.Limits.TimeMultiplier <= 0:
		return Config{}, nil, fmt.Errorf("problem.yaml: limits.time_multiplier %v: want a positive number", c.Limits.TimeMultiplier)
	}
	return c, warnings, nil
}

// Interactive reports whether the problem is interactive, which this
// judge does not run.
func (c Config) Interactive() bool {
	return strings.Contains(" "+c.Validation+" ", " interactive ") || strings.Contains(c.Type, "interactive")
}

// Scoring reports whether the problem is scored rather than pass-fail.
func (c Config) Scoring() bool {
	return c.Type == "scoring" || strings.Contains(" "+c.Validation+" ", " score ")
}

// reader reads typed values from a YAML mapping, keeping the first error.
type reader struct {
	m      map[string]any
	prefix string // of the keys named in errors
	err    error
}

func (r *reader) fail(key string, v any, want string) {
	if r.err == nil {
		r.err = fmt.Errorf("problem.yaml: %s%s: want %s, got %v", r.prefix, key, want, v)
	}
}

// str returns the value of key as text: a string, or a number or boolean
// written as YAML would.
func (r *reader) str(key string) string {
	switch v := r.m[key].(type) {
	case nil:
		return ""
	case string:
		return v
	case int, float64, bool:
		return fmt.Sprint(v)
	default:
		r.fail(key, v, "text")
		return ""
	}
}

// name returns a name that is text, or a mapping from language to text:
// its English entry, else its first by language code.
func (r *reader) name(key string) string {
	m, ok := r.m[key].(map[string]any)
	if !ok {
		return r.str(key)
	}
	lr := reader{m: m, prefix: r.prefix + key + "."}
	if en := lr.str("en"); en != "" {
		return en
	}
	langs := make([]string, 0, len(m))
	for l := range m {
		langs = append(langs, l)
	}
	sort.Strings(langs)
	if len(langs) == 0 {
		return ""
	}
	s := lr.str(langs[0])
	if lr.err != nil && r.err == nil {
		r.err = lr.err
	}
	return s
}

// num returns the number at key, or def when it is absent.
func (r *reader) num(key string, def float64) float64 {
	switch v := r.m[key].(type) {
	case nil:
		return def
	case int:
		return float64(v)
	case float64:
		return v
	case string:
		if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
			return f
		}
		r.fail(key, v, "a number")
	default:
		r.fail(key, v, "a number")
	}
	return def
}
