import csv, json, os, glob
R='/work/main/deep/results'; O='/tmp/repro/out'
exp = {}
def E(prefix, name):
    for l in sorted(os.listdir(O)):
        if os.path.isdir(f'{O}/{l}') and l.startswith(prefix) and l not in exp: exp[l]=name
order = ['head-avx2-ac-gd10','head-AVX2-ac-gd10','head-AVX2-ac-gd10-rep','head-AVX2_VNNI-ac-gd10','head-AVX512_CORE-ac-gd10','head-AVX512_CORE_VNNI-ac-gd10','head-ALL-ac-gd10','head-SSE41-ac-gd10',
 'head-AVX2-sw-gd10','head-AVX512_CORE-sw-gd10','head-ALL-sw-gd10','head-AVX-sw-gd10',
 'head-AVX2-pt-gd10','head-AVX512_CORE-pt-gd10','head-SSE41-pt-gd10','head-AVX-pt-gd10',
 'head-AVX2-kc-sgd0','head-AVX512_CORE-kc-sgd0','head-AVX2-pt-gd1','head-AVX512_CORE-pt-gd1','head-AVX2-ac-gd5','head-AVX512_CORE-ac-gd5']
for l in order: exp[l]='1 isa (build de4215d)'
for l in ['bd46ff7f-AVX512_CORE-ac-gd10','bd46ff7f-AVX2-ac-gd10','b6724320-AVX512_CORE-ac-gd10','b55c26b0-AVX512_CORE-ac-gd10','b6724320-AVX2-sw-gd10','b6724320-ALL-sw-gd10','b75dafaf-AVX2-pt-gd10','b75dafaf-AVX512_CORE-pt-gd10','b6398295-AVX512_CORE-kc-sgd0','b6398295-AVX2-kc-sgd0']: exp[l]='2 build'
E('f-','3 one factor')
w = csv.writer(open(f'{R}/reproducibility/compared.csv','w'))
w.writerow(['experiment','replay','replayed_run','run_commit','run_started','build','how','ONEDNN_MAX_CPU_ISA','isa_used','intra','inter','env_other','iteration','column','replay_value','committed_value','agreement','today_reference','vs_today_reference'])
def agree(a,b):
    if a==b: return 'equal'
    a2=a.replace('.','').lstrip('0'); b2=b.replace('.','').lstrip('0'); n=0
    while n<min(len(a2),len(b2)) and a2[n]==b2[n]: n+=1
    return f'differs at significant digit {n+1}'
for l,e in exp.items():
    log=open(f'{O}/{l}.log').read().split('\n'); cmd=log[0]; envs=json.loads(log[1])
    target=[t for t in [x for x in cmd.split()] ][0]
    run=json.load(open(f'{O}/{l}/run.json')); c=run['config']
    # target from drive's runs.csv
    tgt=([r[1] for r in csv.reader(open('/tmp/repro/runs.csv')) if r[0]==l]+['fashion-mnist-study/authors-code/gd/seed-10'])[0]
    ref=json.load(open(f'{R}/{tgt}/run.json')); refm={x['iteration']:x for x in csv.DictReader(open(f'{R}/{tgt}/metrics.csv'))}
    build=(run.get('bits') or {}).get('commit') or run['versions'].get('msgd-lab commit') or ''
    how='java -jar' if ' -jar ' in cmd else 'launcher'
    isa=envs.pop('ONEDNN_MAX_CPU_ISA', 'AVX2 (launcher default)' if how=='launcher' else 'unset')
    isa_used=(run.get('bits') or {}).get('isa','(not recorded by this build)')
    other=' '.join(f'{k}={v}' for k,v in sorted(envs.items()))
    if how=='launcher' and envs.get('TF_OVERRIDE_GLOBAL_THREADPOOL')=='UNSET': other=other.replace('UNSET','UNSET (the launcher then sets 1: no change)')
    tr={'ac':'head-AVX512_CORE-ac-gd10' if 'AVX2' not in isa else 'head-AVX2-ac-gd10','sw':'head-AVX2-sw-gd10' if 'AVX2' in isa else 'head-AVX512_CORE-sw-gd10'}.get(l.split('-')[-2]) if e.startswith('3') else None
    trm={x['iteration']:x for x in csv.DictReader(open(f'{O}/{tr}/metrics.csv'))} if tr else {}
    for x in csv.DictReader(open(f'{O}/{l}/metrics.csv')):
        r=refm.get(x['iteration'])
        if not r: continue
        for col in ['train_loss','test_loss','test_accuracy']:
            w.writerow([e,l,tgt,ref['versions'].get('msgd-lab commit','')[:12],ref.get('startedAt','')[:16],build[:12],how,isa,isa_used,c['intraThreads'],c['interThreads'],other,x['iteration'],col,x[col],r[col],agree(x[col],r[col]),tr or '',agree(x[col],trm[x['iteration']][col]) if tr else ''])
