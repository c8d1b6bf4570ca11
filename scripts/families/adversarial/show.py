import json,sys
for l in sys.stdin:
  d=json.loads(l); print(d['n'],d['actions'],d['status'],'wall',d['wall_s'],'rss',d['rss_mb'],'exp',d['expanded'],'gen',d['generated'],'cost',d['cost'],'steps',d['steps'],d['check'],d.get('raw',''),d.get('stderr','')[:300])
