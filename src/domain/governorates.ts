import type { DisplayLanguage } from './locale';

/** Degrees, WGS 84: where a place is, for the distance estimate (docs/decisions.md D11). */
export interface Coordinates {
  lat: number;
  lon: number;
}

export interface District extends Coordinates {
  id: string;
  ar: string;
  en: string;
}

/** A governorate's own coordinates are its capital's. */
export interface Governorate extends Coordinates {
  id: string;
  ar: string;
  en: string;
  districts: readonly District[];
}

type Row = readonly [id: string, ar: string, en: string, lat: number, lon: number];

function governorate(
  id: string,
  ar: string,
  en: string,
  [lat, lon]: readonly [lat: number, lon: number],
  districts: readonly Row[],
): Governorate {
  return Object.freeze({
    id,
    ar,
    en,
    lat,
    lon,
    districts: Object.freeze(
      districts.map(([dId, dAr, dEn, dLat, dLon]) =>
        Object.freeze({ id: dId, ar: dAr, en: dEn, lat: dLat, lon: dLon }),
      ),
    ),
  });
}

/**
 * All 27 governorates of Egypt (docs/decisions.md D7) with their main districts, cities and markaz.
 * Ids are stable: orders store them, so never rename one; add new entries instead. The busiest
 * moving markets come first so the dropdown opens on them. Each row ends with the place's
 * latitude and longitude (a district's centre, a governorate's capital), to about a kilometre:
 * the distance fee is estimated from them (D11).
 */
export const GOVERNORATES: readonly Governorate[] = Object.freeze([
  governorate(
    'cairo',
    'القاهرة',
    'Cairo',
    [30.0444, 31.2357],
    [
      ['nasr-city', 'مدينة نصر', 'Nasr City', 30.0566, 31.33],
      ['heliopolis', 'مصر الجديدة', 'Heliopolis', 30.09, 31.32],
      ['maadi', 'المعادي', 'Maadi', 29.96, 31.257],
      ['zamalek', 'الزمالك', 'Zamalek', 30.062, 31.22],
      ['downtown', 'وسط البلد', 'Downtown', 30.048, 31.24],
      ['shubra', 'شبرا', 'Shubra', 30.08, 31.245],
      ['mokattam', 'المقطم', 'Mokattam', 30.02, 31.295],
      ['new-cairo', 'القاهرة الجديدة', 'New Cairo', 30.03, 31.47],
      ['ain-shams', 'عين شمس', 'Ain Shams', 30.13, 31.33],
      ['helwan', 'حلوان', 'Helwan', 29.85, 31.334],
      ['el-marg', 'المرج', 'El Marg', 30.16, 31.34],
      ['matareya', 'المطرية', 'El Matareya', 30.12, 31.31],
      ['zeitoun', 'الزيتون', 'El Zeitoun', 30.105, 31.305],
      ['hadayek-el-kobba', 'حدائق القبة', 'Hadayek El Kobba', 30.09, 31.28],
      ['abbassia', 'العباسية', 'Abbassia', 30.072, 31.28],
      ['sayeda-zeinab', 'السيدة زينب', 'El Sayeda Zeinab', 30.03, 31.24],
      ['abdeen', 'عابدين', 'Abdeen', 30.042, 31.247],
      ['garden-city', 'جاردن سيتي', 'Garden City', 30.038, 31.231],
      ['manial', 'المنيل', 'El Manial', 30.025, 31.225],
      ['old-cairo', 'مصر القديمة', 'Old Cairo', 30.005, 31.23],
      ['dar-el-salam', 'دار السلام', 'Dar El Salam', 29.99, 31.245],
      ['basatin', 'البساتين', 'El Basatin', 29.98, 31.275],
      ['el-salam-city', 'مدينة السلام', 'El Salam City', 30.17, 31.4],
      ['shorouk', 'الشروق', 'El Shorouk', 30.13, 31.61],
      ['badr-city', 'مدينة بدر', 'Badr City', 30.14, 31.71],
      ['rod-el-farag', 'روض الفرج', 'Rod El Farag', 30.085, 31.24],
      ['bulaq', 'بولاق', 'Bulaq', 30.06, 31.233],
      ['el-sahel', 'الساحل', 'El Sahel', 30.09, 31.245],
    ],
  ),
  governorate(
    'giza',
    'الجيزة',
    'Giza',
    [30.0131, 31.2089],
    [
      ['dokki', 'الدقي', 'Dokki', 30.038, 31.212],
      ['mohandessin', 'المهندسين', 'Mohandessin', 30.055, 31.2],
      ['agouza', 'العجوزة', 'Agouza', 30.053, 31.215],
      ['haram', 'الهرم', 'Haram', 29.99, 31.16],
      ['faisal', 'فيصل', 'Faisal', 30.005, 31.17],
      ['imbaba', 'إمبابة', 'Imbaba', 30.076, 31.208],
      ['bulaq-el-dakrour', 'بولاق الدكرور', 'Bulaq El Dakrour', 30.035, 31.185],
      ['omraneya', 'العمرانية', 'El Omraneya', 29.995, 31.195],
      ['warraq', 'الوراق', 'El Warraq', 30.095, 31.21],
      ['talbia', 'الطالبية', 'El Talbia', 29.995, 31.18],
      ['hadayek-el-ahram', 'حدائق الأهرام', 'Hadayek El Ahram', 29.965, 31.1],
      ['sixth-of-october', 'مدينة السادس من أكتوبر', '6th of October City', 29.94, 30.92],
      ['sheikh-zayed', 'الشيخ زايد', 'Sheikh Zayed', 30.04, 30.98],
      ['kerdasa', 'كرداسة', 'Kerdasa', 30.03, 31.11],
      ['ossim', 'أوسيم', 'Ossim', 30.13, 31.13],
      ['hawamdeya', 'الحوامدية', 'El Hawamdeya', 29.9, 31.25],
      ['badrashein', 'البدرشين', 'El Badrashein', 29.85, 31.27],
      ['el-ayat', 'العياط', 'El Ayat', 29.62, 31.26],
      ['el-saff', 'الصف', 'El Saff', 29.57, 31.28],
      ['atfih', 'أطفيح', 'Atfih', 29.42, 31.25],
      ['bahariya-oasis', 'الواحات البحرية', 'Bahariya Oasis', 28.35, 28.86],
    ],
  ),
  governorate(
    'alexandria',
    'الإسكندرية',
    'Alexandria',
    [31.2001, 29.9187],
    [
      ['montaza', 'المنتزه', 'El Montaza', 31.285, 30.02],
      ['sidi-bishr', 'سيدي بشر', 'Sidi Bishr', 31.255, 29.99],
      ['miami', 'ميامي', 'Miami', 31.265, 30.0],
      ['mandara', 'المندرة', 'El Mandara', 31.275, 30.01],
      ['sidi-gaber', 'سيدي جابر', 'Sidi Gaber', 31.22, 29.94],
      ['smouha', 'سموحة', 'Smouha', 31.21, 29.945],
      ['stanley', 'ستانلي', 'Stanley', 31.235, 29.95],
      ['sporting', 'سبورتنج', 'Sporting', 31.22, 29.93],
      ['cleopatra', 'كليوباترا', 'Cleopatra', 31.225, 29.935],
      ['roushdy', 'رشدي', 'Roushdy', 31.23, 29.945],
      ['laurent', 'لوران', 'Laurent', 31.245, 29.965],
      ['kafr-abdo', 'كفر عبده', 'Kafr Abdo', 31.24, 29.96],
      ['raml-station', 'محطة الرمل', 'Raml Station', 31.2, 29.9],
      ['bab-sharqi', 'باب شرقي', 'Bab Sharqi', 31.195, 29.915],
      ['moharram-bek', 'محرم بك', 'Moharram Bek', 31.188, 29.925],
      ['manshiyya', 'المنشية', 'El Manshiyya', 31.2, 29.885],
      ['gomrok', 'الجمرك', 'El Gomrok', 31.2, 29.87],
      ['karmouz', 'كرموز', 'Karmouz', 31.19, 29.9],
      ['abu-qir', 'أبو قير', 'Abu Qir', 31.315, 30.06],
      ['agami', 'العجمي', 'El Agami', 31.1, 29.77],
      ['dekheila', 'الدخيلة', 'El Dekheila', 31.13, 29.81],
      ['amreya', 'العامرية', 'El Amreya', 31.03, 29.79],
      ['borg-el-arab', 'برج العرب', 'Borg El Arab', 30.92, 29.55],
    ],
  ),
  governorate(
    'dakahlia',
    'الدقهلية',
    'Dakahlia',
    [31.0409, 31.3785],
    [
      ['mansoura', 'المنصورة', 'Mansoura', 31.0409, 31.3785],
      ['talkha', 'طلخا', 'Talkha', 31.053, 31.377],
      ['mit-ghamr', 'ميت غمر', 'Mit Ghamr', 30.716, 31.259],
      ['aga', 'أجا', 'Aga', 30.94, 31.29],
      ['sherbin', 'شربين', 'Sherbin', 31.19, 31.52],
      ['belqas', 'بلقاس', 'Belqas', 31.215, 31.355],
      ['dekernes', 'دكرنس', 'Dekernes', 31.09, 31.595],
      ['senbellawein', 'السنبلاوين', 'El Senbellawein', 30.885, 31.46],
      ['manzala', 'المنزلة', 'El Manzala', 31.16, 31.94],
      ['minyet-el-nasr', 'منية النصر', 'Minyet El Nasr', 31.13, 31.64],
      ['gamasa', 'جمصة', 'Gamasa', 31.445, 31.53],
      ['mit-salsil', 'ميت سلسيل', 'Mit Salsil', 31.17, 31.81],
    ],
  ),
  governorate(
    'sharqia',
    'الشرقية',
    'Sharqia',
    [30.5877, 31.502],
    [
      ['zagazig', 'الزقازيق', 'Zagazig', 30.5877, 31.502],
      ['tenth-of-ramadan', 'مدينة العاشر من رمضان', '10th of Ramadan City', 30.3, 31.75],
      ['belbeis', 'بلبيس', 'Belbeis', 30.42, 31.56],
      ['minya-el-qamh', 'منيا القمح', 'Minya El Qamh', 30.515, 31.35],
      ['abu-hammad', 'أبو حماد', 'Abu Hammad', 30.54, 31.67],
      ['abu-kabir', 'أبو كبير', 'Abu Kabir', 30.725, 31.67],
      ['faqous', 'فاقوس', 'Faqous', 30.73, 31.8],
      ['hihya', 'ههيا', 'Hihya', 30.67, 31.59],
      ['kafr-saqr', 'كفر صقر', 'Kafr Saqr', 30.795, 31.63],
      ['diyarb-negm', 'ديرب نجم', 'Diyarb Negm', 30.75, 31.44],
      ['husseiniya', 'الحسينية', 'El Husseiniya', 30.86, 31.92],
    ],
  ),
  governorate(
    'qalyubia',
    'القليوبية',
    'Qalyubia',
    [30.46, 31.18],
    [
      ['banha', 'بنها', 'Banha', 30.46, 31.18],
      ['shubra-el-kheima', 'شبرا الخيمة', 'Shubra El Kheima', 30.125, 31.25],
      ['qalyub', 'قليوب', 'Qalyub', 30.18, 31.205],
      ['khanka', 'الخانكة', 'El Khanka', 30.21, 31.37],
      ['obour', 'مدينة العبور', 'El Obour City', 30.2, 31.46],
      ['khosous', 'الخصوص', 'El Khosous', 30.16, 31.31],
      ['qanater-el-khayreya', 'القناطر الخيرية', 'El Qanater El Khayreya', 30.19, 31.13],
      ['shibin-el-qanater', 'شبين القناطر', 'Shibin El Qanater', 30.31, 31.32],
      ['tukh', 'طوخ', 'Tukh', 30.355, 31.2],
      ['qaha', 'قها', 'Qaha', 30.285, 31.205],
      ['kafr-shukr', 'كفر شكر', 'Kafr Shukr', 30.55, 31.26],
    ],
  ),
  governorate(
    'gharbia',
    'الغربية',
    'Gharbia',
    [30.7865, 31.0004],
    [
      ['tanta', 'طنطا', 'Tanta', 30.7865, 31.0004],
      ['mahalla-el-kubra', 'المحلة الكبرى', 'El Mahalla El Kubra', 30.97, 31.17],
      ['kafr-el-zayat', 'كفر الزيات', 'Kafr El Zayat', 30.825, 30.815],
      ['zefta', 'زفتى', 'Zefta', 30.715, 31.245],
      ['samannoud', 'سمنود', 'Samannoud', 30.96, 31.24],
      ['el-santa', 'السنطة', 'El Santa', 30.75, 31.13],
      ['basyoun', 'بسيون', 'Basyoun', 30.94, 30.82],
      ['qutur', 'قطور', 'Qutur', 30.97, 30.96],
    ],
  ),
  governorate(
    'monufia',
    'المنوفية',
    'Monufia',
    [30.5526, 31.0097],
    [
      ['shebin-el-kom', 'شبين الكوم', 'Shebin El Kom', 30.5526, 31.0097],
      ['menouf', 'منوف', 'Menouf', 30.465, 30.93],
      ['sadat-city', 'مدينة السادات', 'Sadat City', 30.37, 30.53],
      ['ashmoun', 'أشمون', 'Ashmoun', 30.3, 30.98],
      ['quesna', 'قويسنا', 'Quesna', 30.56, 31.15],
      ['berket-el-sab', 'بركة السبع', 'Berket El Sab', 30.63, 31.08],
      ['tala', 'تلا', 'Tala', 30.68, 30.95],
      ['el-bagour', 'الباجور', 'El Bagour', 30.43, 31.03],
      ['el-shohada', 'الشهداء', 'El Shohada', 30.6, 30.9],
      ['sers-el-layan', 'سرس الليان', 'Sers El Layan', 30.44, 30.97],
    ],
  ),
  governorate(
    'kafr-el-sheikh',
    'كفر الشيخ',
    'Kafr El Sheikh',
    [31.1107, 30.9388],
    [
      ['kafr-el-sheikh-city', 'مدينة كفر الشيخ', 'Kafr El Sheikh City', 31.1107, 30.9388],
      ['desouk', 'دسوق', 'Desouk', 31.13, 30.645],
      ['fuwwah', 'فوه', 'Fuwwah', 31.2, 30.55],
      ['metoubes', 'مطوبس', 'Metoubes', 31.29, 30.53],
      ['baltim', 'بلطيم', 'Baltim', 31.555, 31.09],
      ['sidi-salem', 'سيدي سالم', 'Sidi Salem', 31.27, 30.785],
      ['qallin', 'قلين', 'Qallin', 31.05, 30.84],
      ['biyala', 'بيلا', 'Biyala', 31.175, 31.22],
      ['el-hamoul', 'الحامول', 'El Hamoul', 31.31, 31.15],
      ['el-riyad', 'الرياض', 'El Riyad', 31.235, 30.945],
    ],
  ),
  governorate(
    'beheira',
    'البحيرة',
    'Beheira',
    [31.0341, 30.4682],
    [
      ['damanhour', 'دمنهور', 'Damanhour', 31.0341, 30.4682],
      ['kafr-el-dawwar', 'كفر الدوار', 'Kafr El Dawwar', 31.13, 30.13],
      ['rashid', 'رشيد', 'Rashid (Rosetta)', 31.4, 30.42],
      ['edku', 'إدكو', 'Edku', 31.31, 30.3],
      ['abu-hummus', 'أبو حمص', 'Abu Hummus', 31.095, 30.315],
      ['abu-el-matamir', 'أبو المطامير', 'Abu El Matamir', 30.91, 30.17],
      ['kom-hamada', 'كوم حمادة', 'Kom Hamada', 30.76, 30.7],
      ['itay-el-barud', 'إيتاي البارود', 'Itay El Barud', 30.89, 30.67],
      ['shubrakhit', 'شبراخيت', 'Shubrakhit', 31.03, 30.71],
      ['el-delengat', 'الدلنجات', 'El Delengat', 30.83, 30.53],
      ['el-mahmoudiyah', 'المحمودية', 'El Mahmoudiyah', 31.18, 30.53],
      ['wadi-el-natrun', 'وادي النطرون', 'Wadi El Natrun', 30.41, 30.35],
    ],
  ),
  governorate(
    'damietta',
    'دمياط',
    'Damietta',
    [31.4165, 31.8133],
    [
      ['damietta-city', 'مدينة دمياط', 'Damietta City', 31.4165, 31.8133],
      ['new-damietta', 'دمياط الجديدة', 'New Damietta', 31.44, 31.69],
      ['ras-el-bar', 'رأس البر', 'Ras El Bar', 31.51, 31.82],
      ['faraskur', 'فارسكور', 'Faraskur', 31.33, 31.715],
      ['kafr-saad', 'كفر سعد', 'Kafr Saad', 31.36, 31.69],
      ['el-zarqa', 'الزرقا', 'El Zarqa', 31.21, 31.64],
      ['kafr-el-battikh', 'كفر البطيخ', 'Kafr El Battikh', 31.39, 31.74],
    ],
  ),
  governorate(
    'port-said',
    'بورسعيد',
    'Port Said',
    [31.2653, 32.3019],
    [
      ['el-sharq', 'حي الشرق', 'El Sharq', 31.265, 32.305],
      ['el-arab', 'حي العرب', 'El Arab', 31.26, 32.295],
      ['el-manakh', 'حي المناخ', 'El Manakh', 31.26, 32.29],
      ['el-zohour', 'حي الزهور', 'El Zohour', 31.25, 32.285],
      ['el-dawahy', 'حي الضواحي', 'El Dawahy', 31.245, 32.3],
      ['el-ganoub', 'حي الجنوب', 'El Ganoub', 31.2, 32.27],
      ['port-fouad', 'بورفؤاد', 'Port Fouad', 31.25, 32.32],
    ],
  ),
  governorate(
    'ismailia',
    'الإسماعيلية',
    'Ismailia',
    [30.5965, 32.2715],
    [
      ['ismailia-city', 'مدينة الإسماعيلية', 'Ismailia City', 30.5965, 32.2715],
      ['fayed', 'فايد', 'Fayed', 30.325, 32.3],
      ['qantara-gharb', 'القنطرة غرب', 'El Qantara Gharb', 30.855, 32.31],
      ['qantara-sharq', 'القنطرة شرق', 'El Qantara Sharq', 30.86, 32.33],
      ['el-tal-el-kebir', 'التل الكبير', 'El Tal El Kebir', 30.55, 31.8],
      ['abu-suwir', 'أبو صوير', 'Abu Suwir', 30.56, 32.1],
      ['qassassin', 'القصاصين', 'El Qassassin', 30.56, 31.93],
    ],
  ),
  governorate(
    'suez',
    'السويس',
    'Suez',
    [29.9668, 32.5498],
    [
      ['suez-district', 'حي السويس', 'El Suez District', 29.97, 32.55],
      ['el-arbaeen', 'حي الأربعين', 'El Arbaeen', 29.975, 32.53],
      ['ataka', 'حي عتاقة', 'Ataka', 29.95, 32.46],
      ['faisal', 'حي فيصل', 'Faisal', 29.99, 32.53],
      ['el-ganayen', 'حي الجناين', 'El Ganayen', 30.05, 32.47],
      ['ain-sokhna', 'العين السخنة', 'Ain Sokhna', 29.6, 32.32],
    ],
  ),
  governorate(
    'faiyum',
    'الفيوم',
    'Faiyum',
    [29.3084, 30.8428],
    [
      ['faiyum-city', 'مدينة الفيوم', 'Faiyum City', 29.3084, 30.8428],
      ['new-faiyum', 'الفيوم الجديدة', 'New Faiyum', 29.31, 30.95],
      ['sinnuris', 'سنورس', 'Sinnuris', 29.41, 30.87],
      ['tamiya', 'طامية', 'Tamiya', 29.48, 30.96],
      ['ibshaway', 'إبشواي', 'Ibshaway', 29.36, 30.68],
      ['itsa', 'إطسا', 'Itsa', 29.24, 30.79],
      ['yousef-el-seddik', 'يوسف الصديق', 'Yousef El Seddik', 29.37, 30.56],
    ],
  ),
  governorate(
    'beni-suef',
    'بني سويف',
    'Beni Suef',
    [29.0661, 31.0994],
    [
      ['beni-suef-city', 'مدينة بني سويف', 'Beni Suef City', 29.0661, 31.0994],
      ['new-beni-suef', 'بني سويف الجديدة', 'New Beni Suef', 29.06, 31.16],
      ['el-wasta', 'الواسطى', 'El Wasta', 29.34, 31.2],
      ['nasser', 'ناصر', 'Nasser', 29.14, 31.13],
      ['ihnasya', 'إهناسيا', 'Ihnasya', 29.085, 30.935],
      ['biba', 'ببا', 'Biba', 28.92, 30.98],
      ['el-fashn', 'الفشن', 'El Fashn', 28.82, 30.9],
      ['somosta', 'سمسطا', 'Somosta', 28.92, 30.855],
    ],
  ),
  governorate(
    'minya',
    'المنيا',
    'Minya',
    [28.0871, 30.7618],
    [
      ['minya-city', 'مدينة المنيا', 'Minya City', 28.0871, 30.7618],
      ['new-minya', 'المنيا الجديدة', 'New Minya', 28.07, 30.85],
      ['mallawi', 'ملوي', 'Mallawi', 27.73, 30.84],
      ['samalut', 'سمالوط', 'Samalut', 28.31, 30.71],
      ['beni-mazar', 'بني مزار', 'Beni Mazar', 28.5, 30.8],
      ['maghagha', 'مغاغة', 'Maghagha', 28.65, 30.84],
      ['abu-qurqas', 'أبو قرقاص', 'Abu Qurqas', 27.93, 30.84],
      ['deir-mawas', 'دير مواس', 'Deir Mawas', 27.64, 30.85],
      ['matai', 'مطاي', 'Matai', 28.42, 30.78],
      ['el-adwa', 'العدوة', 'El Adwa', 28.7, 30.75],
    ],
  ),
  governorate(
    'asyut',
    'أسيوط',
    'Asyut',
    [27.1783, 31.1859],
    [
      ['asyut-city', 'مدينة أسيوط', 'Asyut City', 27.1783, 31.1859],
      ['new-asyut', 'أسيوط الجديدة', 'New Asyut', 27.2, 31.36],
      ['dayrout', 'ديروط', 'Dayrout', 27.56, 30.81],
      ['manfalut', 'منفلوط', 'Manfalut', 27.31, 30.97],
      ['el-qusiya', 'القوصية', 'El Qusiya', 27.44, 30.82],
      ['abnub', 'أبنوب', 'Abnub', 27.27, 31.15],
      ['abu-tig', 'أبو تيج', 'Abu Tig', 27.04, 31.32],
      ['el-ghanayem', 'الغنايم', 'El Ghanayem', 26.9, 31.33],
      ['sahel-selim', 'ساحل سليم', 'Sahel Selim', 27.08, 31.33],
      ['el-badari', 'البداري', 'El Badari', 26.99, 31.415],
      ['sodfa', 'صدفا', 'Sodfa', 26.97, 31.38],
      ['el-fath', 'الفتح', 'El Fath', 27.22, 31.22],
    ],
  ),
  governorate(
    'sohag',
    'سوهاج',
    'Sohag',
    [26.5591, 31.6957],
    [
      ['sohag-city', 'مدينة سوهاج', 'Sohag City', 26.5591, 31.6957],
      ['akhmim', 'أخميم', 'Akhmim', 26.56, 31.745],
      ['girga', 'جرجا', 'Girga', 26.34, 31.89],
      ['tahta', 'طهطا', 'Tahta', 26.77, 31.5],
      ['el-balyana', 'البلينا', 'El Balyana', 26.24, 31.99],
      ['el-maragha', 'المراغة', 'El Maragha', 26.7, 31.6],
      ['tima', 'طما', 'Tima', 26.91, 31.43],
      ['juhayna', 'جهينة', 'Juhayna', 26.67, 31.5],
      ['dar-el-salam', 'دار السلام', 'Dar El Salam', 26.27, 32.0],
      ['el-monshaa', 'المنشأة', 'El Monshaa', 26.48, 31.8],
      ['saqulta', 'ساقلتة', 'Saqulta', 26.64, 31.67],
    ],
  ),
  governorate(
    'qena',
    'قنا',
    'Qena',
    [26.1551, 32.716],
    [
      ['qena-city', 'مدينة قنا', 'Qena City', 26.1551, 32.716],
      ['nag-hammadi', 'نجع حمادي', 'Nag Hammadi', 26.05, 32.24],
      ['qus', 'قوص', 'Qus', 25.92, 32.76],
      ['deshna', 'دشنا', 'Deshna', 26.13, 32.47],
      ['abu-tesht', 'أبو تشت', 'Abu Tesht', 26.12, 32.1],
      ['farshut', 'فرشوط', 'Farshut', 26.05, 32.16],
      ['naqada', 'نقادة', 'Naqada', 25.9, 32.72],
      ['qift', 'قفط', 'Qift', 25.995, 32.815],
      ['el-waqf', 'الوقف', 'El Waqf', 26.06, 32.43],
    ],
  ),
  governorate(
    'luxor',
    'الأقصر',
    'Luxor',
    [25.6872, 32.6396],
    [
      ['luxor-city', 'مدينة الأقصر', 'Luxor City', 25.6872, 32.6396],
      ['esna', 'إسنا', 'Esna', 25.29, 32.555],
      ['armant', 'أرمنت', 'Armant', 25.62, 32.54],
      ['el-bayadiya', 'البياضية', 'El Bayadiya', 25.7, 32.68],
      ['el-qurna', 'القرنة', 'El Qurna', 25.73, 32.61],
      ['el-tod', 'الطود', 'El Tod', 25.58, 32.53],
      ['el-zeiniya', 'الزينية', 'El Zeiniya', 25.8, 32.67],
    ],
  ),
  governorate(
    'aswan',
    'أسوان',
    'Aswan',
    [24.0889, 32.8998],
    [
      ['aswan-city', 'مدينة أسوان', 'Aswan City', 24.0889, 32.8998],
      ['new-aswan', 'أسوان الجديدة', 'New Aswan', 24.13, 32.85],
      ['kom-ombo', 'كوم أمبو', 'Kom Ombo', 24.475, 32.945],
      ['edfu', 'إدفو', 'Edfu', 24.98, 32.875],
      ['daraw', 'دراو', 'Daraw', 24.4, 32.93],
      ['nasr-el-nuba', 'نصر النوبة', 'Nasr El Nuba', 24.6, 33.0],
      ['abu-simbel', 'أبو سمبل', 'Abu Simbel', 22.34, 31.62],
    ],
  ),
  governorate(
    'red-sea',
    'البحر الأحمر',
    'Red Sea',
    [27.2579, 33.8116],
    [
      ['hurghada', 'الغردقة', 'Hurghada', 27.2579, 33.8116],
      ['el-gouna', 'الجونة', 'El Gouna', 27.395, 33.68],
      ['safaga', 'سفاجا', 'Safaga', 26.73, 33.94],
      ['el-quseir', 'القصير', 'El Quseir', 26.1, 34.28],
      ['marsa-alam', 'مرسى علم', 'Marsa Alam', 25.07, 34.89],
      ['ras-gharib', 'رأس غارب', 'Ras Gharib', 28.36, 33.08],
      ['shalateen', 'الشلاتين', 'Shalateen', 23.13, 35.59],
      ['halaib', 'حلايب', 'Halaib', 22.22, 36.64],
    ],
  ),
  governorate(
    'new-valley',
    'الوادي الجديد',
    'New Valley',
    [25.439, 30.559],
    [
      ['kharga', 'الخارجة', 'El Kharga', 25.439, 30.559],
      ['dakhla', 'الداخلة', 'El Dakhla', 25.49, 28.98],
      ['farafra', 'الفرافرة', 'El Farafra', 27.06, 27.97],
      ['baris', 'باريس', 'Baris', 24.67, 30.6],
      ['balat', 'بلاط', 'Balat', 25.56, 29.26],
    ],
  ),
  governorate(
    'matrouh',
    'مطروح',
    'Matrouh',
    [31.3543, 27.2373],
    [
      ['marsa-matrouh', 'مرسى مطروح', 'Marsa Matrouh', 31.3543, 27.2373],
      ['el-alamein', 'العلمين', 'El Alamein', 30.83, 28.95],
      ['el-dabaa', 'الضبعة', 'El Dabaa', 31.03, 28.43],
      ['el-hammam', 'الحمام', 'El Hammam', 30.83, 29.39],
      ['sidi-barrani', 'سيدي براني', 'Sidi Barrani', 31.61, 25.92],
      ['el-salloum', 'السلوم', 'El Salloum', 31.55, 25.16],
      ['siwa', 'سيوة', 'Siwa', 29.2, 25.52],
      ['el-negaila', 'النجيلة', 'El Negaila', 31.45, 26.7],
    ],
  ),
  governorate(
    'north-sinai',
    'شمال سيناء',
    'North Sinai',
    [31.1316, 33.7984],
    [
      ['arish', 'العريش', 'El Arish', 31.1316, 33.7984],
      ['sheikh-zuweid', 'الشيخ زويد', 'Sheikh Zuweid', 31.215, 34.11],
      ['rafah', 'رفح', 'Rafah', 31.28, 34.24],
      ['bir-al-abd', 'بئر العبد', 'Bir al-Abd', 31.02, 33.01],
      ['el-hasana', 'الحسنة', 'El Hasana', 30.46, 33.785],
      ['nakhl', 'نخل', 'Nakhl', 29.91, 33.75],
    ],
  ),
  governorate(
    'south-sinai',
    'جنوب سيناء',
    'South Sinai',
    [28.24, 33.62],
    [
      ['sharm-el-sheikh', 'شرم الشيخ', 'Sharm El Sheikh', 27.9158, 34.33],
      ['dahab', 'دهب', 'Dahab', 28.5, 34.51],
      ['nuweiba', 'نويبع', 'Nuweiba', 29.03, 34.66],
      ['taba', 'طابا', 'Taba', 29.49, 34.89],
      ['saint-catherine', 'سانت كاترين', 'Saint Catherine', 28.56, 33.95],
      ['el-tor', 'الطور', 'El Tor', 28.24, 33.62],
      ['ras-sedr', 'رأس سدر', 'Ras Sedr', 29.59, 32.71],
      ['abu-rudeis', 'أبو رديس', 'Abu Rudeis', 28.89, 33.18],
      ['abu-zenima', 'أبو زنيمة', 'Abu Zenima', 29.04, 33.1],
    ],
  ),
]);

const byId = new Map(GOVERNORATES.map((g) => [g.id, g]));

export function findGovernorate(id: string | null | undefined): Governorate | undefined {
  return typeof id === 'string' ? byId.get(id) : undefined;
}

export function findDistrict(
  governorateId: string | null | undefined,
  districtId: string | null | undefined,
): District | undefined {
  return findGovernorate(governorateId)?.districts.find((d) => d.id === districtId);
}

export function governorateName(
  g: Pick<Governorate, 'ar' | 'en'>,
  language: DisplayLanguage,
): string {
  return language === 'en' ? g.en : g.ar;
}

export function districtName(d: Pick<District, 'ar' | 'en'>, language: DisplayLanguage): string {
  return language === 'en' ? d.en : d.ar;
}

/** "Maadi, Cairo" ("المعادي، القاهرة"): a district and its governorate, as far as they are known. */
export function placeName(
  governorateId: string | null | undefined,
  districtId: string | null | undefined,
  language: DisplayLanguage,
): string {
  const governorate = findGovernorate(governorateId);
  const district = findDistrict(governorateId, districtId);
  return [
    district && districtName(district, language),
    governorate && governorateName(governorate, language),
  ]
    .filter(Boolean)
    .join(language === 'ar' ? '، ' : ', ');
}

/** A governorate's districts in the reader's alphabetical order, for a select. */
export function districtsInOrder(
  governorate: Governorate | undefined,
  language: DisplayLanguage,
): District[] {
  if (!governorate) return [];
  const collator = new Intl.Collator(language === 'en' ? 'en' : 'ar');
  return [...governorate.districts].sort((a, b) =>
    collator.compare(districtName(a, language), districtName(b, language)),
  );
}
