"""Merges fd.tsv and goap.tsv (run.sh) into the side-by-side table."""
import re, statistics, sys
def dur(s):
    if s in ('-',''): return None
    m = re.match(r'^([0-9.]+)(µs|us|ms|s|m)?$', s)
    if not m:
        # Go durations like 1m2.3s
        m2 = re.match(r'^(\d+)m([0-9.]+)s$', s)
        return int(m2.group(1))*60+float(m2.group(2)) if m2 else None
    v, u = float(m.group(1)), m.group(2) or 's'
    return v * {'µs':1e-6,'us':1e-6,'ms':1e-3,'s':1,'m':60}[u]
def main():
    fd = {}
    for l in open(sys.argv[1]):
        d,b,c,e,st = l.rstrip('\n').split('\t')[:5]; fd[(d,b)] = (c,e,st)
    rows=[]; solved_fd=solved_g=0; eratios=[]; tratios=[]; tratios1=[]; worse=[]
    print('| instance | cost | FD expanded | goap expanded | ratio | FD search | goap search | time/expansion ratio |')
    print('|---|---:|---:|---:|---:|---:|---:|---:|')
    for l in open(sys.argv[2]):
        d,b,c,e,st = l.rstrip('\n').split('\t')
        fc,fe,fst = fd[(d,b)]
        fs = float(fst) if fst!='-' else None; gs = dur(st)
        fsol = fc!='-'; gsol = c!='-'
        solved_fd += fsol; solved_g += gsol
        r = tr = ''
        if fsol and gsol:
            er = int(e)/int(fe); eratios.append(er); r = '%.2f' % er
            if er > 1.05: worse.append('%s/%s %.2f' % (d,b,er))
            if fs and fs >= 0.1:
                t = (gs/int(e))/(fs/int(fe)); tratios.append(t); tr = '%.2f' % t
                if fs >= 1: tratios1.append(t)
        def fmt(x): return '—' if x is None else ('%.3f s' % x)
        print('| %s/%s | %s | %s | %s | %s | %s | %s | %s |' % (d,b, c if gsol else (fc+' (FD)' if fsol else '—'), fe if fsol else 'not in 30 s', e if gsol else 'not in 30 s', r, fmt(fs) if fsol else '—', st if gsol else '—', tr))
    print()
    print('solved: FD %d, goap %d of %d' % (solved_fd, solved_g, len(fd)))
    print('expansions ratio goap/FD: median %.3f, max %.2f; over 1.05: %s' % (statistics.median(eratios), max(eratios), ', '.join(worse)))
    print('time per expansion goap/FD (FD search >= 0.1 s, %d instances): median %.2f' % (len(tratios), statistics.median(tratios)))
    if tratios1: print('FD search >= 1 s (%d): median %.2f' % (len(tratios1), statistics.median(tratios1)))

if __name__ == "__main__":
    main()
