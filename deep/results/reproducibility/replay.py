#!/usr/bin/env python3
"""drive.py LABEL TARGET BUILD MODE ITER [ENV=VAL ...]  -- one replay; appends to /tmp/repro/runs.csv
TARGET: committed run dir (relative to /work/main/deep/results); BUILD: worktree dir; MODE: launcher|jar"""
import json, os, subprocess, sys, time, csv
R='/work/main/deep/results'
label, target, build, mode, iters = sys.argv[1:6]
envs = dict(a.split('=',1) for a in sys.argv[6:])
cfg = json.load(open(f'{R}/{target}/run.json'))['config']
p = cfg['protocol']
args = ['train','--preset',cfg['preset'],'--method',cfg['method'],'--seed',str(cfg['seed']),'--data-seed',str(cfg['dataSeed']),
        '--iterations',iters,'--eval-every',envs.pop('EVAL',str(cfg['evalEvery'])),'--eval-subset',str(cfg['evalSubset']),
        '--threads',envs.pop('THREADS',f"{cfg['intraThreads']},{cfg['interThreads']}"),'--no-progress',
        '--data',cfg['dataDir']]
if p:
    base = 'authors-code' if 'authors-code' in p['name'] else 'paper-text'
    args += ['--protocol', base]
    if p['name'].startswith('custom'):
        args += ['--pixels',p['pixels'],'--init',p['initialization'],'--split',p['split'],
                 '--sgd-sampling','with' if p['sgdSampling']=='with-replacement' else 'without','--bernoulli-batch',str(p['bernoulliBatch'])]
out = f'/tmp/repro/out/{label}'
subprocess.run(['rm','-rf',out]); os.makedirs(os.path.dirname(out), exist_ok=True)
env = dict(os.environ)
for k,v in envs.items():
    if v == 'UNSET': env.pop(k, None)
    else: env[k] = v
if mode == 'launcher': cmd = ['nice','-n','19',f'{build}/msgd'] + args + ['--out', out]
else: cmd = ['nice','-n','19','java','-jar',f'{build}/reports/target/msgd.jar'] + args + ['--out', out]
t=time.time(); r = subprocess.run(cmd, env=env, capture_output=True, text=True); dt=time.time()-t
open(f'/tmp/repro/out/{label}.log','w').write(' '.join(cmd)+'\n'+json.dumps(envs)+'\n'+r.stdout+r.stderr)
if r.returncode: print('FAILED', r.returncode, r.stderr[-2000:]); sys.exit(1)
run = json.load(open(f'{out}/run.json'))
rows = list(csv.DictReader(open(f'{out}/metrics.csv')))
ref = {x['iteration']:x for x in csv.DictReader(open(f'{R}/{target}/metrics.csv'))}
def agree(a,b):
    if a==b: return 'equal'
    a=a.replace('.','').lstrip('0'); b=b.replace('.','').lstrip('0')
    n=0
    while n<min(len(a),len(b)) and a[n]==b[n]: n+=1
    return f'digit {n+1}'
w = csv.writer(open('/tmp/repro/runs.csv','a'))
bits = run.get('bits') or {}
for x in rows:
    c = ref.get(x['iteration'])
    for col in ['train_loss','test_loss','test_accuracy']:
        w.writerow([label,target,os.path.basename(build),mode,json.dumps(envs,sort_keys=True),x['iteration'],col,x[col],c[col] if c else '',agree(x[col],c[col]) if c else '',
                    bits.get('isa',''), f'{dt:.0f}'])
    print(x['iteration'], 'train', x['train_loss'], c and agree(x['train_loss'],c['train_loss']), 'test', x['test_loss'], c and agree(x['test_loss'],c['test_loss']), x['test_accuracy'])
print('elapsed %.0f s'%dt, json.dumps(bits)[:600])
