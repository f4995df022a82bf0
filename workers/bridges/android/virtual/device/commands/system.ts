// System services as their shell tools print them: getprop, wm, dumpsys window/activity/gfxinfo,
// am, pm, monkey and `cmd <service>`.
import type { CommandHandler } from '../sh-run.js';
import type { DeviceParts } from '../device-parts.js';
import { gfxinfo } from './gfxinfo.js';
import { UIA2_DEVICE_PORT } from '../../uia2/uia2-model.js';
import { packageOfApk, UIA2_INSTRUMENTATION, UIA2_SERVER_PACKAGE, UIA2_TEST_PACKAGE } from '../../uia2/packages.js';

const BASE_PACKAGES = [
  'android', 'com.android.shell', 'com.android.systemui', 'com.android.providers.settings', 'com.android.launcher3',
  'com.android.inputmethod.latin', 'com.google.android.gms', 'com.android.chrome',
];

/** `pkg/.Activity` → `pkg/pkg.Activity`, as window titles spell it. */
function fullComponent(activity: string): string {
  const [pkg, cls = ''] = activity.split('/');
  return `${pkg}/${cls.startsWith('.') ? `${pkg}${cls}` : cls}`;
}

export function systemCommands(device: DeviceParts): Record<string, CommandHandler> {
  const { config, graph, props } = device;
  const packages = () => [...new Set([...BASE_PACKAGES, ...config.graph.screens.map((s) => s.activity.split('/')[0] as string), ...device.installedPackages])].sort();

  const launch = async (pkg: string, io: Parameters<CommandHandler>[1], intent: string): Promise<number> => {
    if (!graph.launch(pkg)) {
      await io.stderr.write(`Error: Activity not started, unable to resolve Intent { ${intent} }\n`);
      return 1;
    }
    return 0;
  };

  /** `am instrument -w ... <test package>/<runner>`: runs the UiAutomator2 server until it dies or the shell goes. */
  const instrument = async (args: string[], io: Parameters<CommandHandler>[1]): Promise<number> => {
    const component = args.filter((a) => !a.startsWith('-')).pop() ?? '';
    const installed = device.installedPackages.has(UIA2_SERVER_PACKAGE) && device.installedPackages.has(UIA2_TEST_PACKAGE);
    if (component !== UIA2_INSTRUMENTATION || !installed) {
      await io.stdout.write(`INSTRUMENTATION_STATUS: Error=Unable to find instrumentation info for: ComponentInfo{${component}}\nINSTRUMENTATION_STATUS_CODE: -1\nandroid.util.AndroidException: INSTRUMENTATION_FAILED: ${component}\n`);
      return 1;
    }
    if (device.uia2.running) device.killUia2();
    device.tcpPorts.set(UIA2_DEVICE_PORT, await device.uia2.start());
    await new Promise<void>((resolve) => {
      device.uia2Stopped = resolve;
      io.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    device.uia2Stopped = undefined;
    if (device.uia2.running) device.killUia2();
    await io.stdout.write('INSTRUMENTATION_RESULT: shortMsg=Process crashed.\nINSTRUMENTATION_CODE: 0\n');
    return 0;
  };

  const handlers: Record<string, CommandHandler> = {
    getprop: async (argv, io) => {
      const key = argv[1];
      if (key === undefined) {
        const lines = [...props.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `[${k}]: [${v}]`);
        await io.stdout.write(`${lines.join('\n')}\n`);
      } else {
        await io.stdout.write(`${props.get(key) ?? argv[2] ?? ''}\n`);
      }
      return 0;
    },
    setprop: async (argv, io) => {
      if (argv.length !== 3) {
        await io.stderr.write('setprop: need 2 arguments\n');
        return 1;
      }
      props.set(argv[1] as string, argv[2] as string);
      return 0;
    },
    wm: async (argv, io) => {
      if (argv[1] === 'size') await io.stdout.write(`Physical size: ${config.width}x${config.height}\n`);
      else if (argv[1] === 'density') await io.stdout.write(`Physical density: ${config.density}\n`);
      else {
        await io.stderr.write(`Unknown command: ${argv[1] ?? ''}\n`);
        return 255;
      }
      return 0;
    },
    settings: async (argv, io) => {
      const [, verb, namespace, key, value] = argv;
      if (!namespace || !['global', 'system', 'secure'].includes(namespace) || !key) {
        await io.stderr.write('usage:  settings [--user <USER_ID> | current] get namespace key\n');
        return 255;
      }
      const name = `${namespace}/${key}`;
      if (verb === 'get') await io.stdout.write(`${device.settings.get(name) ?? 'null'}\n`);
      else if (verb === 'put' && value !== undefined) device.settings.set(name, value);
      else if (verb === 'delete') device.settings.delete(name);
      else return 255;
      return 0;
    },
    dumpsys: async (argv, io) => {
      const service = argv[1];
      if (service === 'battery') {
        const b = device.battery;
        await io.stdout.write(`Current Battery Service state:\n  AC powered: false\n  USB powered: ${b.usb}\n  Wireless powered: false\n  Max charging current: 500000\n  Max charging voltage: 5000000\n  Charge counter: 2720000\n  status: ${b.usb ? 2 : 3}\n  health: 2\n  present: true\n  level: ${b.level}\n  scale: 100\n  voltage: 4268\n  temperature: ${b.temperatureTenths}\n  technology: Li-ion\n`);
        return 0;
      }
      if (service === 'gfxinfo') {
        await io.stdout.write(gfxinfo(device, argv.slice(2)));
        return 0;
      }
      if (service === 'power') {
        await io.stdout.write(`POWER MANAGER (dumpsys power)\n\nPower Manager State:\n  mDirty=0x0\n  mWakefulness=${device.screenOn ? 'Awake' : 'Asleep'}\n  mWakefulnessChanging=false\n  mIsPowered=${device.battery.usb}\n  mStayOn=${device.settings.get('global/stay_on_while_plugged_in') ?? '0'}\n`);
        return 0;
      }
      const component = graph.activity;
      const win = `Window{5b1c2d7 u0 ${fullComponent(component)}}`;
      const task = 10 + config.graph.screens.indexOf(graph.current.screen);
      const record = `ActivityRecord{8e3f1a2 u0 ${component} t${task}}`;
      if (service === 'window') {
        await io.stdout.write(
          [
            'WINDOW MANAGER WINDOWS (dumpsys window windows)',
            `  ${win.replace('Window{', 'Window #0 Window{')}:`,
            `    mDisplayId=0 rootTaskId=1 mSession=Session{c0ffee0 4242:u0a10123} mClient=android.os.BinderProxy@1f2e3d4`,
            `    mOwnerUid=10123 showForAllUsers=false package=${graph.packageName} appop=NONE`,
            `    Requested w=${config.width} h=${config.height} mLayoutSeq=${100 + graph.version}`,
            '',
            `  mGlobalConfiguration={1.0 310mcc260mnc [en_US] ldltr sw${Math.round((config.width * 160) / config.density)}dp ${config.density}dpi}`,
            '  mHasPermanentDpad=false',
            `  mTopFocusedDisplayId=0`,
            `  mCurrentFocus=${win}`,
            `  mFocusedApp=${record}`,
            '',
          ].join('\n'),
        );
        return 0;
      }
      if (service === 'activity') {
        await io.stdout.write(
          [
            'ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)',
            'Display #0 (activities from top to bottom):',
            `  * Task{3a4b5c6 #${task} type=standard A=10123:${graph.packageName} U=0 visible=true mode=fullscreen}`,
            `    topResumedActivity=${record}`,
            `  mResumedActivity: ${record}`,
            `  ResumedActivity: ${record}`,
            '',
          ].join('\n'),
        );
        return 0;
      }
      await io.stderr.write(`Can't find service: ${service ?? ''}\n`);
      return 0;
    },
    am: async (argv, io) => {
      const [, sub, ...rest] = argv;
      if (sub === 'start' || sub === 'start-activity') {
        const n = rest.indexOf('-n');
        const component = n >= 0 ? rest[n + 1] : rest.filter((a) => !a.startsWith('-')).pop();
        if (!component) {
          await io.stderr.write('Error: Intent does not match any activities\n');
          return 1;
        }
        const intent = `cmp=${component}`;
        await io.stdout.write(`Starting: Intent { ${intent} }\n`);
        return launch(component.split('/')[0] as string, io, intent);
      }
      if (sub === 'force-stop') {
        if (rest[0] === graph.packageName) graph.home();
        if (rest[0] === UIA2_SERVER_PACKAGE || rest[0] === UIA2_TEST_PACKAGE) device.killUia2();
        return 0;
      }
      if (sub === 'instrument') return instrument(rest, io);
      await io.stderr.write(`Error: unknown command '${sub ?? ''}'\n`);
      return 255;
    },
    // toybox kill: `kill [-9|-s SIGNAL] PID...`; every signal ends the modelled programs.
    kill: async (argv, io) => {
      const pids = argv.slice(1).filter((a, i, all) => !a.startsWith('-') && all[i - 1] !== '-s');
      if (!pids.length) {
        await io.stderr.write('kill: Needs 1 argument\n');
        return 1;
      }
      let status = 0;
      for (const pid of pids) {
        if (!device.killPid(Number(pid))) {
          await io.stderr.write(`kill: ${pid}: No such process\n`);
          status = 1;
        }
      }
      return status;
    },
    // toybox pkill NAME: every signal ends the modelled programs; status 1 when none matched.
    pkill: async (argv) => {
      const name = argv.slice(1).filter((a) => !a.startsWith('-')).pop() ?? '';
      return device.killProcesses(name) > 0 ? 0 : 1;
    },
    monkey: async (argv, io) => {
      const p = argv.indexOf('-p');
      const pkg = p >= 0 ? argv[p + 1] : undefined;
      if (!pkg || !(await launch(pkg, io, `pkg=${pkg}`) === 0)) {
        await io.stdout.write('** No activities found to run, monkey aborted.\n');
        return 251;
      }
      await io.stdout.write('  bash arg: -p\n  bash arg: ' + pkg + '\nEvents injected: 1\n## Network stats: elapsed time=5ms (0ms mobile, 0ms wifi, 5ms not connected)\n');
      return 0;
    },
    pm: async (argv, io) => {
      if (argv[1] === 'install') {
        const path = argv.slice(2).find((a) => !a.startsWith('-'));
        const file = path === undefined || !device.fs.stat(path) ? undefined : device.fs.readFile(path);
        const pkg = file && packageOfApk(file);
        if (!pkg) {
          await io.stdout.write(file ? 'Failure [INSTALL_PARSE_FAILED_NOT_APK: the virtual device models only the UiAutomator2 server packages]\n' : `Failure [INSTALL_FAILED_INVALID_URI]\n`);
          return 1;
        }
        device.installedPackages.add(pkg);
        await io.stdout.write('Success\n');
        return 0;
      }
      if (argv[1] === 'uninstall' && argv[2]) {
        const removed = device.installedPackages.delete(argv[2]);
        if (argv[2] === UIA2_SERVER_PACKAGE || argv[2] === UIA2_TEST_PACKAGE) device.killUia2();
        await io.stdout.write(removed ? 'Success\n' : 'Failure [DELETE_FAILED_INTERNAL_ERROR]\n');
        return removed ? 0 : 1;
      }
      if (argv[1] === 'list' && argv[2] === 'packages') {
        const filter = argv.slice(3).find((a) => !a.startsWith('-'));
        const list = packages().filter((p) => !filter || p.includes(filter));
        await io.stdout.write(list.map((p) => `package:${p}\n`).join(''));
        return 0;
      }
      if (argv[1] === 'path' && argv[2]) {
        if (!packages().includes(argv[2])) return 1;
        await io.stdout.write(`package:/data/app/${argv[2]}-1/base.apk\n`);
        return 0;
      }
      await io.stderr.write(`Unknown command: ${argv[1] ?? ''}\n`);
      return 255;
    },
  };
  const services: Record<string, string> = { input: 'input', package: 'pm', activity: 'am', window: 'wm' };
  handlers.cmd = async (argv, io) => {
    const name = services[argv[1] ?? ''];
    const handler = name ? device.commandHandler(name) : undefined;
    if (!handler) {
      await io.stderr.write(`cmd: Can't find service: ${argv[1] ?? ''}\n`);
      return 20;
    }
    return handler([name as string, ...argv.slice(2)], io);
  };
  return handlers;
}
