// Package browsertest tests the debugger page in a real browser:
// headless Chromium driven with chromedp. It is a module of its own so
// that the goap library itself keeps no dependencies: `go get` of goap
// does not fetch chromedp. Run it with
//
//	cd debugger/browsertest && go test ./...
//
// which needs a Chromium (apt-get install -y chromium); .ci/run installs
// one. Screenshots go to $GOAP_ARTIFACTS (default: the test's temporary
// directory).
package browsertest
