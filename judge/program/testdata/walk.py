# Walks every directory it can see, from /, and prints what follows the
# marker of a planted answer in any file it can read: the judge's tests
# must show it none (TestAnswersConfined). The marker is built at run
# time, so that the program's own files do not hold it.
import os

marker = '-SETYB-REWSNA'[::-1].encode()
found = False
for root, dirs, files in os.walk('/'):
    if root == '/':
        dirs[:] = [d for d in dirs if d not in ('proc', 'sys', 'dev')]
    for name in files:
        path = os.path.join(root, name)
        try:
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            with open(path, 'rb') as f:
                data = f.read(1 << 20)
        except OSError:
            continue
        i = data.find(marker)
        if i >= 0:
            print('%s: %s' % (path, data[i:i + 40].decode('latin-1')))
            found = True
if not found:
    print('found nothing')
