console.log('cli');
