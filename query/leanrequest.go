package query

import (
	"net/url"
	"strings"
)

// leanRequest is a request the lean path answers.
type leanRequest struct {
	q        Querier
	position string // as the query gives it
	opts     Options
	close    bool // the client closes the connection after it
}

// leanRequest reads the head of a request (its lines through the empty
// one, each ending in "\n" or "\r\n"). ok is false unless it is a GET of
// HTTP/1.1 of a served game's page or moves, with a position and the
// headers of such a request only: any other goes to net/http, which
// answers it or says what is wrong with it.
func (s *Server) leanRequest(head string) (r leanRequest, ok bool) {
	line, head := cutLine(head)
	target, ok1 := strings.CutPrefix(line, "GET ")
	target, ok2 := strings.CutSuffix(target, " HTTP/1.1")
	if !ok1 || !ok2 || !plainTarget(target) {
		return r, false
	}
	path, query, _ := strings.Cut(target, "?")
	game, moves := strings.CutSuffix(strings.TrimPrefix(path, "/"), "/moves")
	if !strings.HasPrefix(path, "/") || strings.ContainsAny(game, "/%") {
		return r, false
	}
	if r.q, ok = s.games[game]; !ok {
		return r, false
	}
	var p params
	p.parse(query)
	if r.position = p.get("position"); r.position == "" {
		return r, false
	}
	r.opts = s.optionsOf(p.get, moves)
	hosts := 0
	for {
		line, head = cutLine(head)
		if line == "" {
			break
		}
		name, value, found := strings.Cut(line, ":")
		if !found || !token(name) || !plainValue(value) {
			return r, false
		}
		value = strings.Trim(value, " \t")
		switch {
		case strings.EqualFold(name, "Host"):
			hosts++
			if !plainHost(value) {
				return r, false
			}
		case strings.EqualFold(name, "Connection"):
			switch strings.ToLower(value) {
			case "close":
				r.close = true
			case "keep-alive":
			default:
				return r, false
			}
		case strings.EqualFold(name, "Content-Length"):
			if value != "0" {
				return r, false
			}
		case strings.EqualFold(name, "Transfer-Encoding"), strings.EqualFold(name, "Expect"), strings.EqualFold(name, "Upgrade"):
			return r, false
		}
	}
	return r, hosts == 1
}

// cutLine returns the first line of s without its end ("\n" or "\r\n"),
// and the rest.
func cutLine(s string) (line, rest string) {
	line, rest, _ = strings.Cut(s, "\n")
	return strings.TrimSuffix(line, "\r"), rest
}

// plainTarget reports whether a request's target has only printable
// ASCII characters and no space.
func plainTarget(s string) bool {
	for i := range len(s) {
		if s[i] <= ' ' || s[i] >= 0x7f {
			return false
		}
	}
	return s != ""
}

// plainValue reports whether a header's value has no control character
// but tabs.
func plainValue(s string) bool {
	for i := range len(s) {
		if s[i] < ' ' && s[i] != '\t' || s[i] == 0x7f {
			return false
		}
	}
	return true
}

// plainHost reports whether a Host header's value has only the characters
// of a name, an address and a port.
func plainHost(s string) bool { return only(s, ".-_:[]") }

// token reports whether s is a header's name: one or more of the
// characters HTTP allows in one.
func token(s string) bool { return s != "" && only(s, "!#$%&'*+-.^_`|~") }

// only reports whether every character of s is an ASCII letter, a digit
// or one of extra.
func only(s, extra string) bool {
	for i := range len(s) {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(extra, c) >= 0) {
			return false
		}
	}
	return true
}

// params are the pairs of a query string, read as url.ParseQuery reads
// them: a pair with a ';' or a bad escape is left out.
type params struct {
	pairs [8][2]string
	n     int
	more  url.Values // past the first eight
}

func (p *params) parse(query string) {
	for query != "" {
		var pair string
		pair, query, _ = strings.Cut(query, "&")
		if pair == "" || strings.Contains(pair, ";") {
			continue
		}
		k, v, _ := strings.Cut(pair, "=")
		k, err1 := unescape(k)
		v, err2 := unescape(v)
		if err1 != nil || err2 != nil {
			continue
		}
		if p.n < len(p.pairs) {
			p.pairs[p.n] = [2]string{k, v}
			p.n++
			continue
		}
		if p.more == nil {
			p.more = url.Values{}
		}
		p.more.Add(k, v)
	}
}

// get returns the first value of key, or "".
func (p *params) get(key string) string {
	for _, kv := range p.pairs[:p.n] {
		if kv[0] == key {
			return kv[1]
		}
	}
	return p.more.Get(key)
}

// unescape decodes a part of a query string, without allocating when it
// has nothing to decode.
func unescape(s string) (string, error) {
	if !strings.ContainsAny(s, "%+") {
		return s, nil
	}
	return url.QueryUnescape(s)
}
